import type { Id } from '../../../shared/api/types';
import type { InboxRow } from '../../../shared/inbox';
import type { InboxChange } from '../../../shared/ipc/contract';

/**
 * What the renderer was last told about the inbox, as one small hash per row: the same
 * conversation from the stream and then from the poll, or a conversation marked read again,
 * changes nothing and is not sent (nor saved) a second time.
 */
export class ShownInbox {
  private readonly rows = new Map<Id, string>();
  private status = '';

  constructor(private readonly seenAtOf: (id: Id) => number | undefined) {}

  /** The part of a change that is news, or null when there is none. */
  news(change: InboxChange): InboxChange | null {
    const upserted = change.upserted.filter((row) => {
      const hash = rowHash(row, this.seenAtOf(row.id));
      if (this.rows.get(row.id) === hash) return false;
      this.rows.set(row.id, hash);
      return true;
    });
    for (const id of change.removed) this.rows.delete(id);
    const status = JSON.stringify([change.totals, change.health, change.progress]);
    if (upserted.length === 0 && change.removed.length === 0 && status === this.status) return null;
    this.status = status;
    return upserted.length === change.upserted.length ? change : { ...change, upserted };
  }
}

/** Two FNV-1a hashes (64 bits) over the row and the agent's read mark: equal rows, equal hashes. */
function rowHash(row: InboxRow, seenAt: number | undefined): string {
  const text = `${JSON.stringify(row)}|${seenAt ?? ''}`;
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(36)}${text.length.toString(36)}${(b >>> 0).toString(36)}`;
}
