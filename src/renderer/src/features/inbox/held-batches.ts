import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import type { HeldOutboxItem } from '../accounts/selectors';
import { heldWrites } from '../conversation/selectors';
import { tn } from '../../ui/i18n';

/** The held writes of one bulk action of the inbox: one Undo notice speaks for all of them. */
export interface HeldBatch {
  batch: string;
  items: HeldOutboxItem[];
  /** The accounts whose outboxes hold some: Undo asks each. */
  accounts: AccountId[];
}

/** The held writes that belong to a batch, grouped by it, in the order their first write came. */
export function heldBatches(outbox: readonly HeldOutboxItem[], now: number): HeldBatch[] {
  const batches = new Map<string, HeldBatch>();
  for (const item of heldWrites(outbox, now)) {
    if (item.batch === undefined) continue;
    const found = batches.get(item.batch) ?? { batch: item.batch, items: [], accounts: [] };
    found.items.push(item);
    if (!found.accounts.includes(item.accountId)) found.accounts.push(item.accountId);
    batches.set(item.batch, found);
  }
  return [...batches.values()];
}

/**
 * The sentence of a batch's Undo notice: "3 conversations closed.", "… assigned to you." (each
 * account's own administrator), "… assigned to Maria.", "Tag “vip” added to 3 conversations."
 */
export function describeBatch(
  batch: HeldBatch,
  admins: ReadonlyMap<AccountId, Id>,
  assignee: (item: HeldOutboxItem) => string | null,
): string {
  const first = batch.items[0]!;
  const count = batch.items.length;
  const action = first.action;
  switch (action.kind) {
    case 'assign': {
      if (action.adminId === null) return tn('bulk.unassigned', count);
      if (action.adminId === admins.get(first.accountId)) return tn('bulk.assignedToYou', count);
      const name = assignee(first);
      return name ? tn('bulk.assigned', count, { name }) : tn('bulk.assignedNoName', count);
    }
    case 'tag':
      return tn('bulk.tagged', count, { tag: action.tag });
    default:
      return tn('bulk.closed', count);
  }
}
