import { useEffect, useRef } from 'react';
import { conversationKey } from '../../../../shared/accounts';
import { cleanUserText } from '../../../../shared/text';
import { t } from '../../ui/i18n';
import { formatSnoozeTime } from './snooze-time';
import { usePerch } from '../../store';
import { useToolkit } from '../toolkit/index';

/** Over the open conversation: until when it is snoozed (with Unsnooze), or the reminder it came back with. */
export function SnoozeNotices() {
  const conversation = usePerch((s) => s.conversation);
  const until = usePerch((s) => (s.conversation ? s.rows.get(s.conversation.key)?.snoozedUntil : undefined));
  const note = usePerch((s) => (s.conversation ? s.rows.get(s.conversation.key)?.snoozeNote : undefined));
  const returned = useToolkit((s) =>
    conversation
      ? s.returned.find((r) => conversationKey(r.accountId, r.conversationId) === conversation.key)
      : undefined,
  );
  const wake = useToolkit((s) => s.wake);
  const dismiss = useToolkit((s) => s.dismissReturned);
  const snoozed = until !== undefined;
  // Waking hides Unsnooze, which had the focus: it goes to the Snooze button standing in its
  // place rather than falling to the page (the snooze menu does the same the other way).
  const wasSnoozed = useRef(snoozed);
  useEffect(() => {
    const woke = wasSnoozed.current && !snoozed;
    wasSnoozed.current = snoozed;
    if (woke && (document.activeElement === document.body || document.activeElement === null))
      document.querySelector<HTMLElement>('[data-snooze-open]')?.focus();
  }, [snoozed]);
  if (!conversation) return null;
  if (until !== undefined)
    return (
      <div className="snooze-notice" role="status" data-snoozed>
        <span>
          {t('snooze.until', { time: formatSnoozeTime(until) })}
          {note ? (
            <>
              {': '}
              <bdi>{cleanUserText(note)}</bdi>
            </>
          ) : null}
        </span>
        <button type="button" className="link" onClick={() => void wake()} data-wake>
          {t('snooze.wake')}
        </button>
      </div>
    );
  if (!returned || (!returned.note && returned.because === 'time')) return null;
  return (
    <div className="snooze-notice reminder" role="status" data-reminder>
      <span>
        {returned.note ? (
          <bdi>{t('snooze.reminder', { note: cleanUserText(returned.note) })}</bdi>
        ) : (
          t('snooze.returnedVisitor')
        )}
      </span>
      <button type="button" className="link" onClick={() => dismiss(conversation.key)}>
        {t('damage.dismiss')}
      </button>
    </div>
  );
}
