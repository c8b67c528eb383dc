import { useEffect, useState, type KeyboardEvent } from 'react';
import { repliesFor, searchReplies, type SavedReply } from '../../../../shared/saved-replies';
import type { AccountId } from '../../../../shared/accounts';
import { t, tn } from '../../ui/i18n';
import { useSavedReplies } from './saved-replies';
import { composerKeyOf } from '../palette/shortcuts';

const SHOWN = 8;
export const PICKER_ID = 'saved-reply-picker';
const optionId = (i: number) => `${PICKER_ID}-${i}`;

/** The key that opens the picker typed first in the box: the command table's (`/`). */
const PICKER_KEY = composerKeyOf('saved-reply-picker');

/** What the composer's text asks of the picker: the picker's key at its start, and the words after it. */
export function slashQuery(text: string): string | null {
  if (!text.startsWith(PICKER_KEY) || text.includes('\n') || text.length > 80) return null;
  return text.slice(PICKER_KEY.length);
}

/**
 * The `/` picker: the composer's text field stays the focus (it is the combobox's input) and
 * names this listbox and its active option; arrows move, Enter inserts, Escape closes.
 */
export function useSavedReplyPicker(accountId: AccountId, text: string, onPick: (reply: SavedReply) => void) {
  const replies = useSavedReplies((s) => s.replies);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = slashQuery(text);
  const open = query !== null && dismissed !== text;
  const matches = open ? searchReplies(repliesFor(replies, accountId), query).slice(0, SHOWN) : [];
  useEffect(() => setActive(0), [query]);

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    const move = (by: number) => setActive((i) => (matches.length ? (i + by + matches.length) % matches.length : 0));
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && matches[active]) onPick(matches[active]);
    else if (event.key === 'Escape') setDismissed(text);
    else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const inputProps = open
    ? {
        'aria-controls': PICKER_ID,
        'aria-activedescendant': matches[active] ? optionId(active) : undefined,
        'aria-describedby': `${PICKER_ID}-status`,
        'aria-autocomplete': 'list' as const,
      }
    : {};

  const list = open ? (
    <div className="saved-picker" data-saved-picker>
      <ul id={PICKER_ID} role="listbox" aria-label={t('replies.pickerLabel')}>
        {matches.map((reply, i) => (
          <li
            key={reply.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(reply)}
            onMouseMove={() => setActive(i)}
          >
            <span className="saved-picker-title">
              <bdi>{reply.title}</bdi>
            </span>
            <span className="saved-picker-body muted">
              <bdi>{reply.body.slice(0, 90)}</bdi>
            </span>
          </li>
        ))}
      </ul>
      <p id={`${PICKER_ID}-status`} className="saved-picker-status muted" role="status">
        {matches.length ? tn('replies.pickerCount', matches.length) : t('replies.noMatch')}
      </p>
    </div>
  ) : null;

  return { open, list, inputProps, onKeyDown };
}
