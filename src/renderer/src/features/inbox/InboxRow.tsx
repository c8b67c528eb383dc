import { memo, useEffect, useState, type MouseEvent, type PointerEvent } from 'react';
import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import { isDelayed } from '../../../../shared/inbox';
import type { AccountInfo, AccountRow } from '../../../../shared/ipc/contract';
import { cleanUserText } from '../../../../shared/text';
import { displayName, formatDuration, formatExactTime, formatRelativeTime, initials } from '../../ui/text/format';
import { getLocale, t } from '../../ui/i18n';
import { waitStart } from './inbox-order';
import { formatSnoozeWake } from '../conversation/selectors';
import { AccountChip } from '../accounts/index';

/** What a row says of an assign on its way: the assignee's name (or "You", "Unassigned") and the sentence. */
export interface PendingAssign {
  name: string;
  sentence: string;
}

/** One conversation of the inbox list (InboxList.tsx draws the rows in view). */
// `locale` is not read here: a change of language makes every row render again.
export const Row = memo(function Row({
  row,
  index,
  setSize,
  selected,
  checked,
  top,
  onPick,
  nowSeconds,
  measure,
  account,
  showWait,
  drafted,
  mine,
  assigning,
}: {
  row: AccountRow;
  index: number;
  /** How many rows the whole list has: only some are in the DOM, so each says where it stands. */
  setSize: number;
  selected: boolean;
  /** In the selection for a bulk action; undefined while nothing is selected. */
  checked: boolean | undefined;
  top: number;
  /** A click: opens the conversation, or with Ctrl/Cmd or Shift (or on the avatar) selects. */
  onPick: (event: MouseEvent, accountId: AccountId, id: Id, toggle: boolean) => void;
  nowSeconds: number;
  measure: (node: Element | null) => void;
  locale: string;
  /** The row's account, named when Perch holds more than one. */
  account: AccountInfo | undefined;
  /** Every wait is shown (the list is in waiting order), not only a delay. */
  showWait: boolean;
  /** An unsent reply or note waits in the row's conversation. */
  drafted: boolean;
  /** Assigned to the agent: it says "You". */
  mine: boolean;
  /** An assign on its way (held for Undo or being sent): the assignee it gives, in italics, and its sentence. */
  assigning?: PendingAssign;
}) {
  // A snoozed row says when it wakes instead: the wait is not the agent's to answer until then.
  const wait =
    row.snoozedUntil === undefined && (isDelayed(row, nowSeconds) || (showWait && waitStart(row) !== null))
      ? row.waitingSince
      : null;
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      aria-checked={checked}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      className={`row${selected ? ' selected' : ''}${checked ? ' checked' : ''}${row.unread > 0 ? ' unread' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={(event) => onPick(event, row.accountId, row.id, false)}
      data-conversation-id={row.id}
      data-account-id={row.accountId}
      data-index={index}
      ref={measure}
    >
      {/* For the pointer, the avatar is the row's checkbox (the keyboard has X and Shift+J / Shift+K). */}
      <span
        className="avatar"
        aria-hidden="true"
        title={t('bulk.select')}
        onClick={(event) => {
          event.stopPropagation();
          onPick(event, row.accountId, row.id, true);
        }}
      >
        {checked ? '✓' : initials(row.visitorName)}
      </span>
      <bdi className="name">{displayName(row)}</bdi>
      <time
        className="time"
        dateTime={new Date(row.lastUpdate * 1000).toISOString()}
        onPointerEnter={showExactTime}
        onPointerMove={showExactTime}
      >
        {formatRelativeTime(row.lastUpdate, nowSeconds * 1000)}
      </time>
      <bdi className={`preview${row.previewIsNote ? ' note' : ''}`}>
        {row.previewIsNote ? t('inbox.notePreview', { text: cleanUserText(row.preview) }) : cleanUserText(row.preview)}
      </bdi>
      <span className="row-meta">
        <AccountChip account={account} />
        {drafted ? (
          <span className="draft-mark" data-draft-mark title={t('inbox.draftTitle')}>
            {t('inbox.draft')}
          </span>
        ) : null}
        {row.snoozedUntil !== undefined ? (
          <span className="snoozed-until" data-snoozed-until>
            {t('snooze.rowUntil', { time: formatSnoozeWake(row.snoozedUntil, nowSeconds * 1000) })}
          </span>
        ) : null}
        {wait !== null ? (
          <span className="waiting">{t('inbox.waiting', { duration: formatDuration(nowSeconds - wait) })}</span>
        ) : null}
        {assigning !== undefined ? (
          <span className="assignee pending" data-pending-assign title={assigning.sentence}>
            {assigning.name}
          </span>
        ) : (
          <span className="assignee" title={row.assignee?.name}>
            {mine ? t('inbox.assigneeYou') : row.assignee ? row.assignee.name : t('inbox.unassigned')}
          </span>
        )}
        {row.tags.map((tag) => (
          <span key={tag} className="tag">
            {tag}
          </span>
        ))}
        {row.unread > 0 ? (
          <span
            className="badge"
            aria-label={t('inbox.unread', { count: row.unread })}
            title={t('inbox.unread', { count: row.unread })}
          >
            {row.unread}
          </span>
        ) : null}
      </span>
    </button>
  );
});

/**
 * The exact time shows on hover, formatted when the pointer arrives rather than for every row
 * drawn: a list scrolled fast draws hundreds, and the first date format costs the first screen
 * ~20 ms. A pointer resting on a row whose time (or language) changed meanwhile gets the new
 * one as soon as it moves.
 */
function showExactTime(event: PointerEvent<HTMLTimeElement>) {
  const time = event.currentTarget;
  const formattedFor = `${time.dateTime} ${getLocale()}`;
  if (time.dataset.titleFor === formattedFor) return;
  const seconds = Date.parse(time.dateTime) / 1000;
  if (!Number.isFinite(seconds)) return;
  time.title = formatExactTime(seconds);
  time.dataset.titleFor = formattedFor;
}

/** The time in seconds, moving once a minute and then only: delays and times stay current without re-rendering on every tick. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
