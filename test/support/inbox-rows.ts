import type { InboxRow } from '../../src/shared/inbox';

/** An inbox row for tests: an unread, unassigned, open conversation with a visitor's message last. */
export function inboxRow(id: number | string, fields: Partial<InboxRow> = {}): InboxRow {
  return {
    id: String(id),
    visitorId: String(id),
    visitorName: `Visitor ${id}`,
    preview: '',
    previewFromVisitor: true,
    lastUpdate: Number(id),
    unread: 1,
    assignee: null,
    tags: [],
    closed: false,
    channel: null,
    waitingSince: null,
    ...fields,
  };
}
