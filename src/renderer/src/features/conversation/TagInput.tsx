import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AccountId } from '../../../../shared/accounts';
import { t } from '../../ui/i18n';
import { tagsOf } from '../inbox/selectors';
import { usePerch } from '../../store';
import { nearMiss } from './tag-suggest';

/**
 * The field that adds a tag: it suggests the tags seen in the account's conversations (a
 * datalist, offered as the agent types or presses ↓), and a near-miss of one of them asks
 * "Did you mean …?" before a new tag is made.
 */
export function TagInput({
  accountId,
  present,
  onAdd,
  label = t('conversation.addTag'),
  placeholder = t('conversation.addTag'),
}: {
  accountId: AccountId | undefined;
  /** The conversation's tags: not offered again. */
  present: readonly string[];
  onAdd: (tag: string) => void;
  /** The field's name, when it tags something else than the open conversation. */
  label?: string;
  /** Shorter where the field is narrow (the bulk bar). */
  placeholder?: string;
}) {
  const [value, setValue] = useState('');
  const [question, setQuestion] = useState<{ typed: string; suggested: string } | null>(null);
  // Walking every row for its tags is done once the agent reaches for the field, not on every inbox event.
  const [listing, setListing] = useState(false);
  const rows = usePerch((s) => s.rows);
  const inboxVersion = usePerch((s) => (listing ? s.inboxVersion : 0));
  const known = useMemo(() => {
    if (!listing) return [];
    const theirs = new Map([...rows].filter(([, row]) => row.accountId === accountId));
    return tagsOf(theirs);
  }, [listing, rows, inboxVersion, accountId]);
  const offered = known.filter((tag) => !present.includes(tag));
  const listId = useId();
  const useSuggested = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (question) useSuggested.current?.focus();
  }, [question]);

  const add = (tag: string) => {
    onAdd(tag);
    setValue('');
    setQuestion(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tag = value.trim();
    if (!tag || tag.includes(',')) return;
    const suggested = nearMiss(tag, known);
    if (suggested !== null && !present.includes(suggested)) setQuestion({ typed: tag, suggested });
    else add(tag);
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <input
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setQuestion(null);
          }}
          onFocus={() => setListing(true)}
          placeholder={placeholder}
          aria-label={label}
          list={listId}
          autoComplete="off"
          maxLength={255}
        />
        <datalist id={listId}>
          {offered.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </form>
      {question ? (
        <div
          className="tag-question"
          role="group"
          aria-label={t('tags.didYouMean', { tag: question.suggested })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setQuestion(null);
          }}
        >
          <span>{t('tags.didYouMean', { tag: question.suggested })}</span>
          <button type="button" className="primary" ref={useSuggested} onClick={() => add(question.suggested)}>
            {t('tags.useSuggested', { tag: question.suggested })}
          </button>
          <button type="button" className="secondary" onClick={() => add(question.typed)}>
            {t('tags.keepNew', { tag: question.typed })}
          </button>
        </div>
      ) : null}
    </>
  );
}
