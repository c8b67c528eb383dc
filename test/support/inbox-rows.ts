import type { InboxRow } from '../../src/shared/inbox';

/** An inbox row for tests: an unread, unassigned, open conversation with a visitor's message last. */
export function inboxRow(id: number, fields: Partial<InboxRow> = {}): InboxRow {
  return {
    id,
    visitorId: id,
    visitorName: `Visitor ${id}`,
    preview: '',
    previewFromVisitor: true,
    lastUpdate: id,
    unread: 1,
    assignee: null,
    tags: [],
    closed: false,
    channel: null,
    waitingSince: null,
    ...fields,
  };
}
