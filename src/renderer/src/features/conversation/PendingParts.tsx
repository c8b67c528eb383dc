import type { ConversationPart, Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import type { HeldOutboxItem } from '../accounts/selectors';
import { formatSize } from '../../ui/text/format';
import { usePerch } from '../../store';
import { FailedWrite } from './OutboxNotices';
import { PaperclipIcon } from '../../ui/PaperclipIcon';
import { WriteProgress } from './WriteProgress';

/** Replies and notes still in the outbox for this conversation, until their part arrives. */
export function PendingParts({
  accountId,
  conversationId,
  parts,
}: {
  accountId: AccountId;
  conversationId: Id;
  parts: ConversationPart[];
}) {
  const outbox = usePerch((s) => s.outbox);
  const landed = new Set(parts.map((p) => p.random_id).filter(Boolean));
  const pending = outbox.filter(
    (item): item is HeldOutboxItem & { action: { kind: 'reply' } } =>
      item.accountId === accountId &&
      item.action.kind === 'reply' &&
      item.action.conversationId === conversationId &&
      !landed.has(item.randomId),
  );
  return (
    <>
      {pending.map((item) => (
        <li
          key={item.id}
          className={`part ${item.action.note ? 'note' : 'admin'} pending ${item.state}`}
          data-outbox-state={item.state}
        >
          {item.action.body ? <div className="bubble">{item.action.body}</div> : null}
          {item.action.attachment ? (
            <div className="pending-file">
              <PaperclipIcon /> {item.action.attachment.name} · {formatSize(item.action.attachment.size)}
            </div>
          ) : null}
          {item.state === 'failed' ? (
            <FailedWrite item={item} />
          ) : (
            <div className="pending-status">
              <WriteProgress item={item} />
            </div>
          )}
        </li>
      ))}
    </>
  );
}
