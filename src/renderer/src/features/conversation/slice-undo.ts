import { heldBatches } from '../inbox/selectors';
import { bulkActions } from '../inbox/actions';
import { usePerch } from '../../store';
import { latestHeld } from './held-writes';

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
