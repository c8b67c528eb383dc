import type { HeldOutboxItem } from '../accounts/accounts-view';
import { heldBatches } from '../inbox/held-batches';
import { bulkActions } from '../inbox/slice-bulk';
import { usePerch } from '../../store';
import { heldWrites } from './held-writes';

/** The write held for Undo that was queued last (a bulk action's, or a single one), if any. */
export function latestHeld(outbox: readonly HeldOutboxItem[], now: number): HeldOutboxItem | undefined {
  let latest: HeldOutboxItem | undefined;
  for (const item of heldWrites(outbox, now)) if (!latest || item.createdAt >= latest.createdAt) latest = item;
  return latest;
}

/** Undo of the most recent action still held (Ctrl+Z outside a text field): its whole batch, if it has one. */
export function undoLatest(): void {
  const { outbox, undoWrite } = usePerch.getState();
  const now = Date.now();
  const item = latestHeld(outbox, now);
  if (!item) return;
  const batch = item.batch === undefined ? undefined : heldBatches(outbox, now).find((b) => b.batch === item.batch);
  if (batch) void bulkActions().undoBatch(batch.batch, batch.accounts, batch.items.length);
  else void undoWrite(item);
}
