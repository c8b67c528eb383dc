import type { Translate } from '../../../shared/i18n';
import { unnamedVisitor, type InboxRow } from '../../../shared/inbox';
import type { SnoozeReturned } from '../../../shared/snooze';
import { clipText, cleanUserText } from '../../../shared/text';
import type { VisitorNotification } from '../notifications/policy';
import type { Snoozes } from './snoozes';

/** Rows with their snooze, as the renderer files them under "Snoozed". */
export function withSnooze(rows: InboxRow[], snoozes: Pick<Snoozes, 'get'>): InboxRow[] {
  return rows.map((row) => {
    const snooze = snoozes.get(row.id);
    if (snooze) {
      const { snoozeNote: _, ...unnoted } = row;
      return { ...unnoted, snoozedUntil: snooze.until, ...(snooze.note ? { snoozeNote: snooze.note } : {}) };
    }
    if (row.snoozedUntil === undefined) return row;
    const { snoozedUntil: _until, snoozeNote: _note, ...rest } = row;
    return rest;
  });
}

const BODY_MAX = 200;

/** The notification of a snooze that ran out: its note when it is a reminder, else the last message. */
export function snoozeNotification(
  returned: SnoozeReturned,
  row: InboxRow | undefined,
  t: Translate,
): VisitorNotification {
  const who =
    row?.visitorName ||
    unnamedVisitor(t, { id: row?.visitorId ?? null, city: row?.visitorCity }, returned.conversationId);
  const body = returned.note || row?.preview || '';
  return {
    conversationId: returned.conversationId,
    title: t(returned.note ? 'snooze.reminderTitle' : 'snooze.returnedTitle', { name: cleanUserText(who) }),
    body: clipText(cleanUserText(body), BODY_MAX),
    silent: false,
  };
}
