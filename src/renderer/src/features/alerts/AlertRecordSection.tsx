import { useEffect, useState } from 'react';
import { alertRecordText, type AlertEntry } from '../../../../shared/alerts';
import { useAlerts } from './slice';
import { copyText } from '../../ui/text/clipboard';
import { displayName, formatTime } from '../../ui/text/format';
import { conversationKey } from '../../../../shared/accounts';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';

function outcomeText(entry: AlertEntry): string {
  return entry.outcome === 'notified' ? t('alerts.outcome.notified') : t(`alerts.reason.${entry.reason ?? 'scope'}`);
}

/**
 * "Why was I (not) notified?": every visitor message since Perch started, notified or held back
 * and why, newest first, with the OS's Do Not Disturb as Perch reads it. Copyable: IDs, times
 * and reasons only.
 */
export function AlertRecordSection() {
  const { status, record, refresh } = useAlerts();
  const accounts = usePerch((s) => s.accounts);
  // Each entry names its visitor as the inbox row does; the rows change in place, the version says when.
  const rows = usePerch((s) => s.rows);
  usePerch((s) => s.inboxVersion);
  const openInInbox = usePerch((s) => s.openInInbox);
  const closeSheet = usePerch((s) => s.closeSheet);
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const labelOf = (id: string) => accounts.find((a) => a.id === id)?.label ?? t('alerts.formerAccount');
  const copy = async () => {
    if (!record) return;
    setCopied(await copyText(alertRecordText(record, labelOf)));
  };
  const visitorOf = (entry: AlertEntry) => {
    const row = rows.get(conversationKey(entry.accountId, entry.conversationId));
    return row ? displayName(row) : t('alerts.conversation', { id: entry.conversationId });
  };
  const open = (entry: AlertEntry) => {
    closeSheet('diagnostics');
    void openInInbox(entry.accountId, entry.conversationId);
  };
  const dnd = status
    ? status.doNotDisturb === 'on' && !status.holding
      ? t('alerts.dnd.ignored')
      : t(`alerts.dnd.${status.doNotDisturb}`)
    : null;
  return (
    <section aria-labelledby="diagnostics-alerts" className="alert-record">
      <div className="alert-record-head">
        <h3 id="diagnostics-alerts">{t('alerts.recordTitle')}</h3>
        <button type="button" className="secondary" disabled={!record} onClick={() => void copy()}>
          {t('alerts.copy')}
        </button>
      </div>
      {dnd ? (
        <p className="muted" data-dnd={status?.doNotDisturb}>
          {dnd}
        </p>
      ) : null}
      {status?.refused ? <p data-refused="">{t('alerts.refused', { reason: status.refused })}</p> : null}
      <span role="status" className="muted diagnostics-copied">
        {copied === true ? t('alerts.copied') : copied === false ? t('diagnostics.copyFailed') : ''}
      </span>
      {record && record.length === 0 ? <p className="muted">{t('alerts.recordEmpty')}</p> : null}
      {record && record.length > 0 ? (
        // Focusable: it scrolls, and a keyboard must be able to scroll it.
        <ul className="diagnostics-list alert-record-list" aria-label={t('alerts.recordLabel')} tabIndex={0}>
          {record.map((entry, i) => (
            <li key={`${entry.at}:${entry.accountId}:${entry.conversationId}:${i}`} data-outcome={entry.outcome}>
              <button type="button" className="alert-record-entry" onClick={() => open(entry)}>
                <strong>{outcomeText(entry)}</strong>
                <span className="muted">
                  {t('alerts.entry', {
                    account: labelOf(entry.accountId),
                    visitor: visitorOf(entry),
                    time: formatTime(Math.floor(entry.at / 1000)),
                  })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
