import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { ChannelSummary } from '../../../../shared/directory';
import type { AccountId } from '../../../../shared/accounts';
import { insertMention, matchingColleagues, mentionAt } from './mentions';
import { t, tn } from '../../ui/i18n';
import { knownAdmins, useDirectory } from '../directory/directory-store';
import { usePerch } from '../../store';

const SHOWN = 8;
export const MENTION_ID = 'mention-picker';
const optionId = (i: number) => `${MENTION_ID}-${i}`;
const NO_CHANNELS: ChannelSummary[] = [];

/**
 * `@` in a note: the account's administrators (its channels' operators and its rows' assignees),
 * the agent aside; arrows move, Enter or Tab inserts `@Name`, Escape closes. The text field stays
 * the focus, as with the `/` picker. The platform's API takes a note's text only: Perch inserts
 * the name and the list says that no one is notified.
 */
export function useMentionPicker(
  accountId: AccountId,
  on: boolean,
  text: string,
  caret: number,
  onInsert: (next: { text: string; caret: number }) => void,
) {
  const channels = useDirectory((s) => s.channelsByAccount[accountId] ?? NO_CHANNELS);
  const rows = usePerch((s) => s.rows);
  const me = usePerch((s) => s.admins.get(accountId));
  const mention = on ? mentionAt(text, caret) : null;
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const asked = mention !== null && dismissed !== mention.start;
  const colleagues = useMemo(
    () =>
      asked
        ? knownAdmins(
            channels,
            [...rows.values()].filter((row) => row.accountId === accountId),
          ).filter((a) => a.id !== me)
        : [],
    [asked, channels, rows, accountId, me],
  );
  const matches = asked ? matchingColleagues(colleagues, mention.query).slice(0, SHOWN) : [];
  // Words after an @ that names no one are just text: the list goes once a space follows them.
  const open = asked && (matches.length > 0 || !mention.query.includes(' '));
  useEffect(() => setActive(0), [mention?.query]);
  // A new @ elsewhere opens the list again.
  useEffect(() => {
    if (mention === null) setDismissed(null);
  }, [mention === null]);

  const pick = (name: string) => {
    if (!mention) return;
    // The name is in: what follows it is the note, not more of the name.
    setDismissed(mention.start);
    onInsert(insertMention(text, mention, name));
  };
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open || (matches.length === 0 && event.key !== 'Escape')) return false;
    const move = (by: number) => setActive((i) => (i + by + matches.length) % matches.length);
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if ((event.key === 'Enter' || event.key === 'Tab') && !event.ctrlKey && !event.metaKey && matches[active])
      pick(matches[active].name);
    else if (event.key === 'Escape') setDismissed(mention!.start);
    else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const inputProps = open
    ? {
        'aria-controls': MENTION_ID,
        'aria-activedescendant': matches[active] ? optionId(active) : undefined,
        'aria-describedby': `${MENTION_ID}-status`,
        'aria-autocomplete': 'list' as const,
      }
    : {};

  const list = open ? (
    <div className="saved-picker mention-picker" data-mention-picker>
      <ul id={MENTION_ID} role="listbox" aria-label={t('mention.label')}>
        {matches.map((admin, i) => (
          <li
            key={admin.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(admin.name)}
            onMouseMove={() => setActive(i)}
          >
            <bdi>{admin.name}</bdi>
          </li>
        ))}
      </ul>
      <p id={`${MENTION_ID}-status`} className="saved-picker-status muted" role="status">
        {matches.length ? tn('mention.count', matches.length) : t('mention.none')} {t('mention.notNotified')}
      </p>
    </div>
  ) : null;

  return { open, list, inputProps, onKeyDown };
}
