import { useEffect, useRef, useState } from 'react';
import type { AccountId } from '../../../../shared/accounts';
import {
  notificationSettingsFor,
  UNDO_SEND_CHOICES,
  type NotifyScope,
  type UndoSendSeconds,
} from '../../../../shared/settings';
import { useDiagnostics } from '../alerts/index';
import { formatTime } from '../../ui/text/format';
import { t, tn } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Select } from '../../ui/Select';
import { useInvoke } from '../../store/use-invoke';
import { ShortcutRecorder } from './ShortcutRecorder';
import { Sheet } from '../../ui/Sheet';
import { DesktopSettings } from './DesktopSettings';
import { NetworkSettings } from './NetworkSettings';
import { UpdatesSettings } from '../updates/index';
import { AlertEscalation, AlertSounds } from './AlertSettings';

const SCOPES: NotifyScope[] = ['mine-and-unassigned', 'mine', 'all', 'none'];

/** Notifications, quiet hours, pause, start at login and the global shortcut: kept by main, applied at once. */
export function SettingsDialog() {
  const open = usePerch((s) => s.sheet === 'settings');
  const settings = usePerch((s) => s.settings);
  if (!open || !settings) return null;
  return <Settings />;
}

function Settings() {
  const settings = usePerch((s) => s.settings)!;
  const update = usePerch((s) => s.updateSettings);
  const closeSheet = usePerch((s) => s.closeSheet);
  const showDiagnostics = useDiagnostics((s) => s.show);
  const close = () => closeSheet('settings');
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  const accounts = usePerch((s) => s.accounts);
  // Scope and quiet hours of all accounts, or of one (a change then applies to it only); the pause is global.
  const [forAccount, setForAccount] = useState<AccountId | 'all'>('all');
  const chosen = forAccount === 'all' ? undefined : accounts.find((a) => a.id === forAccount);
  const shared = settings.notifications;
  const n = chosen ? notificationSettingsFor(shared, chosen.id) : shared;
  const own = chosen !== undefined && shared.accounts?.[chosen.id] !== undefined;
  const scoped = chosen ? { account: chosen.id } : {};
  const paused = shared.pausedUntil !== null && shared.pausedUntil > Date.now();

  return (
    <Sheet className="sheet settings" labelledBy="settings-title" onClose={close}>
      <h2 id="settings-title">{t('settings.title')}</h2>
      <fieldset>
        <legend>{t('settings.notifications')}</legend>
        {accounts.length > 1 ? (
          <div className="row-field">
            <span id="settings-for-label">{t('settings.notifyFor')}</span>
            <Select<AccountId | 'all'>
              labelledBy="settings-for-label"
              value={chosen ? chosen.id : 'all'}
              onChange={setForAccount}
              options={[
                { value: 'all', label: t('accounts.all') },
                ...accounts.map((a) => ({ value: a.id, label: a.label })),
              ]}
            />
          </div>
        ) : null}
        {chosen ? (
          <label className="check">
            <input
              type="checkbox"
              checked={!own}
              onChange={(e) =>
                void update(e.target.checked ? { account: chosen.id, followShared: true } : { account: chosen.id })
              }
            />
            {t('settings.sameAsAll')}
          </label>
        ) : null}
        <div className="row-field">
          <span id="settings-scope-label">{t('settings.scope')}</span>
          <Select<NotifyScope>
            comboRef={first}
            labelledBy="settings-scope-label"
            value={n.scope}
            onChange={(scope) => void update({ ...scoped, scope })}
            options={SCOPES.map((scope) => ({ value: scope, label: t(`settings.scope.${scope}`) }))}
          />
        </div>
        <div className="row-field">
          <label className="check">
            <input
              type="checkbox"
              checked={n.quietHours.enabled}
              onChange={(e) => void update({ ...scoped, quietHours: { enabled: e.target.checked } })}
            />
            {t('settings.quietHours')}
          </label>
          <span className="buttons">
            <input
              type="time"
              aria-label={t('settings.quietFrom')}
              value={n.quietHours.start}
              disabled={!n.quietHours.enabled}
              onChange={(e) => e.target.value && void update({ ...scoped, quietHours: { start: e.target.value } })}
            />
            <span aria-hidden="true">–</span>
            <input
              type="time"
              aria-label={t('settings.quietTo')}
              value={n.quietHours.end}
              disabled={!n.quietHours.enabled}
              onChange={(e) => e.target.value && void update({ ...scoped, quietHours: { end: e.target.value } })}
            />
          </span>
        </div>
        <label className="check">
          <input type="checkbox" checked={shared.sound} onChange={(e) => void update({ sound: e.target.checked })} />
          {t('settings.sound')}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={shared.followOsDoNotDisturb !== false}
            onChange={(e) => void update({ followOsDoNotDisturb: e.target.checked })}
          />
          {t('alerts.followDnd')}
        </label>
        <div className="row-field">
          <span data-paused={paused}>
            {paused
              ? t('settings.pausedUntil', { time: formatTime(Math.floor(shared.pausedUntil! / 1000)) })
              : t('settings.notPaused')}
          </span>
          <span className="buttons">
            {paused ? (
              <button type="button" className="secondary" onClick={() => void update({ pause: 'resume' })}>
                {t('tray.resumeNotifications')}
              </button>
            ) : (
              <>
                <button type="button" className="secondary" onClick={() => void update({ pause: 'hour' })}>
                  {t('settings.pauseHour')}
                </button>
                <button type="button" className="secondary" onClick={() => void update({ pause: 'tomorrow' })}>
                  {t('settings.pauseTomorrow')}
                </button>
              </>
            )}
          </span>
        </div>
        {accounts.length > 1 ? <p className="muted settings-hint">{t('settings.pauseAll')}</p> : null}
      </fieldset>
      <AlertEscalation account={chosen} />
      <AlertSounds />
      <fieldset>
        <legend>{t('settings.replies')}</legend>
        <div className="row-field">
          <span id="settings-undo-send-label">{t('settings.undoSend')}</span>
          <Select<`${UndoSendSeconds}`>
            labelledBy="settings-undo-send-label"
            value={`${settings.undoSendSeconds}`}
            onChange={(seconds) => void update({ undoSendSeconds: Number(seconds) as UndoSendSeconds })}
            options={UNDO_SEND_CHOICES.map((seconds) => ({
              value: `${seconds}`,
              label: seconds === 0 ? t('settings.undoSendOff') : tn('settings.undoSendSeconds', seconds),
            }))}
          />
        </div>
        <p className="muted settings-hint">{t('settings.undoSendHint')}</p>
      </fieldset>
      <StartupSettings />
      <DesktopSettings settings={settings} update={update} />
      <UpdatesSettings />
      <NetworkSettings />
      <div className="connect-foot">
        <button type="button" className="secondary" onClick={() => void showDiagnostics()}>
          {t('diagnostics.open')}
        </button>
        <button type="button" className="primary" onClick={close}>
          {t('help.done')}
        </button>
      </div>
    </Sheet>
  );
}

/**
 * Start at login, start in the tray and the global shortcut: the desktop app's, applied by
 * main. Only what this host can apply is offered (a browser tab can do none of it).
 */
function StartupSettings() {
  const settings = usePerch((s) => s.settings)!;
  const update = usePerch((s) => s.updateSettings);
  const { value: host } = useInvoke('host:get', []);
  if (!host) return null;
  const offered = host.loginItem || host.startHidden || host.globalShortcut;
  return (
    <fieldset>
      <legend>{t('settings.startup')}</legend>
      {host.loginItem ? (
        <label className="check">
          <input
            type="checkbox"
            checked={settings.startAtLogin}
            onChange={(e) => void update({ startAtLogin: e.target.checked })}
          />
          {t('tray.startAtLogin')}
        </label>
      ) : null}
      {host.startHidden ? (
        <label className="check">
          <input
            type="checkbox"
            checked={settings.startHidden}
            onChange={(e) => void update({ startHidden: e.target.checked })}
          />
          {t('settings.startHidden')}
        </label>
      ) : null}
      {host.globalShortcut ? (
        <div className="row-field">
          <span>{t('settings.shortcut')}</span>
          <ShortcutRecorder value={settings.shortcut} onChange={(shortcut) => void update({ shortcut })} />
        </div>
      ) : null}
      {offered ? null : <p className="muted settings-hint">{t('host.desktopOnly')}</p>}
    </fieldset>
  );
}
