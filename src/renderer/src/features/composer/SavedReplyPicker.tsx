import { useState } from 'react';
import { repliesFor, searchReplies, type SavedReply } from '../../../../shared/saved-replies';
import type { AccountId } from '../../../../shared/accounts';
import { t, tn } from '../../ui/i18n';
import { useSavedReplies } from './slice-saved-replies';
import { useSuggestionList } from '../../ui/SuggestionList';
import { composerKeyOf } from '../palette/actions';

const SHOWN = 8;
export const PICKER_ID = 'saved-reply-picker';

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
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = slashQuery(text);
  const open = query !== null && dismissed !== text;
  const matches = open ? searchReplies(repliesFor(replies, accountId), query).slice(0, SHOWN) : [];
  return useSuggestionList({
    id: PICKER_ID,
    open,
    items: matches,
    itemKey: (reply) => reply.id,
    renderItem: (reply) => (
      <>
        <span className="saved-picker-title">
          <bdi>{reply.title}</bdi>
        </span>
        <span className="saved-picker-body muted">
          <bdi>{reply.body.slice(0, 90)}</bdi>
        </span>
      </>
    ),
    onPick,
    onDismiss: () => setDismissed(text),
    label: t('replies.pickerLabel'),
    status: matches.length ? tn('replies.pickerCount', matches.length) : t('replies.noMatch'),
    className: 'saved-picker',
    dataAttribute: 'data-saved-picker',
    resetOn: query,
    arrowsWhenEmpty: true,
  });
}
