import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import type { HeldOutboxItem } from '../accounts/selectors';
import { describeFailure, describeWrite } from '../../ui/text/errors';
import { t, tn } from '../../ui/i18n';
import { isHeld } from './held-writes';
import { usePerch } from '../../store';
import { useNow } from '../../ui/use-now';
import { WriteProgress } from './WriteProgress';

/** The sentence, the server's words and Retry / Discard of one failed write. */
export function FailedWrite({ item }: { item: HeldOutboxItem }) {
  const retry = usePerch((s) => s.retry);
  const discard = usePerch((s) => s.discard);
  const { reason, detail } = describeFailure(item);
  return (
    <div className="failed-write" role="alert" data-failed-write={item.action.kind}>
      <span className="error">
        {describeWrite(item, true)} {reason}
      </span>
      {detail ? <span className="muted failed-detail">{detail}</span> : null}
      <span className="failed-buttons">
        <button type="button" onClick={() => void retry(item)}>
          {t('outbox.retry')}
        </button>
        <button type="button" onClick={() => void discard(item)}>
          {t('outbox.discard')}
        </button>
      </span>
    </div>
  );
}

/**
 * Assignments, tags and closing of this conversation still in the outbox: under way, or failed
 * with Retry and Discard. One still in its undo window is not sent yet: its Undo notice speaks
 * for it until the window ends (read again every second meanwhile).
 */
export function ConversationWrites({ accountId, conversationId }: { accountId: AccountId; conversationId: Id }) {
  const outbox = usePerch((s) => s.outbox);
  const ours = outbox.filter(
    (item) =>
      item.accountId === accountId && item.action.kind !== 'reply' && item.action.conversationId === conversationId,
  );
  const now = useNow(ours.some((item) => isHeld(item, Date.now())));
  const writes = ours.filter((item) => !isHeld(item, Math.max(now, Date.now())));
  if (!writes.length) return null;
  return (
    <div className="conversation-writes">
      {writes.map((item) =>
        item.state === 'failed' ? (
          <FailedWrite key={item.id} item={item} />
        ) : (
          <div key={item.id} className="pending-write muted" data-pending-write={item.action.kind}>
            <WriteProgress item={item} />
          </div>
        ),
      )}
    </div>
  );
}

/** Beside the sync status: how many writes failed for good, leading to the first of them. */
export function OutboxStatus() {
  const outbox = usePerch((s) => s.outbox);
  const openInInbox = usePerch((s) => s.openInInbox);
  const failed = outbox.filter((item) => item.state === 'failed');
  if (!failed.length) return null;
  const first = failed[0]!;
  const show = () => void openInInbox(first.accountId, first.action.conversationId);
  return (
    <div className="outbox-status" data-outbox-status>
      <button type="button" className="link" title={t('outbox.showNotDone')} onClick={show}>
        <span className="dot" aria-hidden="true" />
        {tn('outbox.notDone', failed.length)}
      </button>
    </div>
  );
}
