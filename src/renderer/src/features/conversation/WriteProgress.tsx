import type { HeldOutboxItem } from '../accounts/selectors';
import { describeWrite } from '../../ui/text/errors';
import { t, tn } from '../../ui/i18n';
import type { MessageKey } from '../../../../shared/i18n';
import { usePerch } from '../../store';
import { secondsUntil, useNow } from '../../ui/use-now';

/** Why the last attempt of a write that is still retried failed: no raw codes. */
function whyKey(item: HeldOutboxItem): MessageKey {
  switch (item.failure) {
    case 'offline':
      return 'trouble.why.offline';
    case 'signed-out':
      return 'outbox.reason.signed-out';
    case 'malformed':
      return 'outbox.reason.malformed';
    default:
      return 'trouble.why.server';
  }
}

/**
 * A write still in the outbox: "Sending…" on its first attempt; once an attempt failed, which
 * attempt, why and when the next is ("Sending failed, attempt 3. Perch cannot reach the server.
 * Next try in 20 seconds."), with Try now.
 */
export function WriteProgress({ item }: { item: HeldOutboxItem }) {
  const retry = usePerch((s) => s.retry);
  const tries = item.tries ?? 0;
  const waiting = tries > 0 && item.state === 'pending';
  // Undo send: a reply waits its window before the first attempt, counted down.
  const held = tries === 0 && item.state === 'pending' && (item.undoUntil ?? 0) > Date.now();
  const now = useNow(waiting || held);
  const reply = item.action.kind === 'reply';
  const heldFor = held ? secondsUntil(item.undoUntil, now) : null;
  if (heldFor !== null) return <span data-held-write>{tn('undo.sendsIn', heldFor)}</span>;
  if (tries === 0) return <span>{describeWrite(item, false)}</span>;
  if (item.state === 'sending') return <span>{t('trouble.write.retrying', { n: tries + 1 })}</span>;
  const attempt = reply
    ? t(item.action.kind === 'reply' && item.action.note ? 'trouble.write.noteFailed' : 'trouble.write.replyFailed', {
        n: tries,
      })
    : `${describeWrite(item, false)} ${t('trouble.write.attemptFailed', { n: tries })}`;
  const signedOut = item.failure === 'signed-out';
  const seconds = secondsUntil(item.nextAttemptAt, now);
  const next = signedOut
    ? t('trouble.write.waitsForReconnect')
    : seconds === null
      ? t('trouble.tryingNow')
      : tn('trouble.nextTry', seconds);
  return (
    <span className="write-progress" data-write-tries={tries}>
      <span>
        {attempt} {t(whyKey(item))} {next}
      </span>
      {signedOut ? null : (
        <button type="button" className="link" onClick={() => void retry(item)}>
          {t('trouble.tryNow')}
        </button>
      )}
    </span>
  );
}
