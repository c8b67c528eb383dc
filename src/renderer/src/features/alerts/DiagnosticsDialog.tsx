import { useEffect, useRef, useState } from 'react';
import { diagnosticsText, type SkippedItem } from '../../../../shared/diagnostics';
import { useDiagnostics } from './slice-diagnostics';
import { usePerch } from '../../store';
import { formatTime } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { Sheet } from '../../ui/Sheet';
import { copyText } from '../../ui/text/clipboard';
import { useAlerts } from './slice';
import { AlertRecordSection } from './AlertRecordSection';
import { FreshnessSection } from '../accounts/index';

function itemLine(item: SkippedItem): string {
  const what = t(`diagnostics.kind.${item.kind}`);
  return item.id === null ? what : `${what} #${item.id}`;
}

/** Each connected account's realtime connection, in a sentence (docs/realtime.md). */
function LiveUpdates() {
  const accounts = usePerch((s) => s.accounts);
  const statuses = usePerch((s) => s.statuses);
  const connected = accounts.filter((a) => a.status === 'connected');
  if (connected.length === 0) return null;
  return (
    <section aria-labelledby="diagnostics-live">
      <h3 id="diagnostics-live">{t('diagnostics.realtimeTitle')}</h3>
      <ul className="diagnostics-live">
        {connected.map((account) => {
          // The agent's own switch is said as such, whatever the connection is still doing as it closes.
          const status = account.liveUpdates ? (statuses[account.id]?.realtime ?? 'off') : 'off';
          return (
            <li key={account.id} data-realtime={status}>
              {account.liveUpdates
                ? t(`diagnostics.realtime.${status}`, { account: account.label })
                : t('diagnostics.realtime.switchedOff', { account: account.label })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What Perch left out of the server's lists and why, with a Copy button for support. */
export function DiagnosticsDialog() {
  const open = usePerch((s) => s.sheet === 'diagnostics');
  if (!open) return null;
  return <Diagnostics />;
}

/** How many of the log's last lines "Copy log" takes: an hour of trouble fits, a chat message still holds it. */
const LOG_LINES_TO_COPY = 300;

function Diagnostics() {
  const { report, error, refresh, close, readLog } = useDiagnostics();
  const refreshAlerts = useAlerts((s) => s.refresh);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [logCopied, setLogCopied] = useState<number | 'empty' | 'no' | null>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    copyButton.current?.focus();
  }, []);
  const copy = async () => {
    if (!report) return;
    setLogCopied(null);
    setCopied((await copyText(diagnosticsText(report, new Date()))) ? 'yes' : 'no');
  };
  const copyLog = async () => {
    setCopied(null);
    const result = await readLog(LOG_LINES_TO_COPY);
    if (!result?.ok) return setLogCopied('no');
    if (result.value.length === 0) return setLogCopied('empty');
    setLogCopied((await copyText(result.value.join('\n'))) ? result.value.length : 'no');
  };
  const status =
    copied === 'yes'
      ? t('diagnostics.copied')
      : copied === 'no' || logCopied === 'no'
        ? t('diagnostics.copyFailed')
        : logCopied === 'empty'
          ? t('diagnostics.logEmpty')
          : typeof logCopied === 'number'
            ? t('diagnostics.logCopied', { count: logCopied })
            : '';

  return (
    <Sheet className="sheet diagnostics" labelledBy="diagnostics-title" onClose={close} onEscape={close}>
      <h2 id="diagnostics-title">{t('diagnostics.title')}</h2>
      <LiveUpdates />
      <FreshnessSection />
      <AlertRecordSection />
      {error ? <p role="alert">{t('diagnostics.failed')}</p> : null}
      {report ? (
        <>
          <p className="muted">
            {report.skippedTotal === 0
              ? t('diagnostics.none')
              : t('diagnostics.summary', { count: report.skippedTotal })}
          </p>
          {report.skipped.length ? (
            <ul className="diagnostics-list" aria-label={t('diagnostics.listLabel')}>
              {report.skipped.map((item) => (
                <li key={`${item.kind}:${item.id}:${item.reason}`}>
                  <strong>{itemLine(item)}</strong>
                  <span className="muted">
                    {t('diagnostics.seen', { times: item.times, time: formatTime(Math.floor(item.lastAt / 1000)) })}
                  </span>
                  <code>{item.reason}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      <div className="connect-foot">
        <span role="status" className="muted diagnostics-copied">
          {status}
        </span>
        <button type="button" className="secondary" onClick={() => void Promise.all([refresh(), refreshAlerts()])}>
          {t('diagnostics.refresh')}
        </button>
        <button type="button" className="secondary" onClick={() => void copyLog()}>
          {t('diagnostics.copyLog')}
        </button>
        <button type="button" className="secondary" ref={copyButton} disabled={!report} onClick={() => void copy()}>
          {t('diagnostics.copy')}
        </button>
        <button type="button" className="primary" onClick={close}>
          {t('help.done')}
        </button>
      </div>
    </Sheet>
  );
}
