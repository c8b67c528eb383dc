import { useEffect, useRef } from 'react';
import type { NotifyScope } from '../../../shared/settings';
import { useDiagnostics } from '../diagnostics-store';
import { formatTime } from '../format';
import { t } from '../i18n';
import { usePerch } from '../store';
import { Select } from './Select';
import { ShortcutRecorder } from './ShortcutRecorder';

const SCOPES: NotifyScope[] = ['mine-and-unassigned', 'mine', 'all', 'none'];

/** Notifications, quiet hours, pause, start at login and the global shortcut: kept by main, applied at once. */
export function SettingsDialog() {
  const open = usePerch((s) => s.settingsOpen);
  const settings = usePerch((s) => s.settings);
  if (!open || !settings) return null;
  return <Settings />;
}

function Settings() {
  const settings = usePerch((s) => s.settings)!;
  const update = usePerch((s) => s.updateSettings);
  const close = () => usePerch.setState({ settingsOpen: false });
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  const n = settings.notifications;
  const paused = n.pausedUntil !== null && n.pausedUntil > Date.now();

  return (
    <div className="sheet-backdrop" onClick={close}>
      <div
        className="sheet settings"
        role="dialog"
        aria-modal="true"
        aria-labelledby="settings-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="settings-title">{t('settings.title')}</h2>
        <fieldset>
          <legend>{t('settings.notifications')}</legend>
          <div className="row-field">
            <span id="settings-scope-label">{t('settings.scope')}</span>
            <Select<NotifyScope>
              comboRef={first}
              labelledBy="settings-scope-label"
              value={n.scope}
              onChange={(scope) => void update({ scope })}
              options={SCOPES.map((scope) => ({ value: scope, label: t(`settings.scope.${scope}`) }))}
            />
          </div>
          <label className="check">
            <input type="checkbox" checked={n.sound} onChange={(e) => void update({ sound: e.target.checked })} />
            {t('settings.sound')}
          </label>
          <div className="row-field">
            <span data-paused={paused}>
              {paused
                ? t('settings.pausedUntil', { time: formatTime(Math.floor(n.pausedUntil! / 1000)) })
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
          <div className="row-field">
            <label className="check">
              <input
                type="checkbox"
                checked={n.quietHours.enabled}
                onChange={(e) => void update({ quietHours: { enabled: e.target.checked } })}
              />
              {t('settings.quietHours')}
            </label>
            <span className="buttons">
              <input
                type="time"
                aria-label={t('settings.quietFrom')}
                value={n.quietHours.start}
                disabled={!n.quietHours.enabled}
                onChange={(e) => e.target.value && void update({ quietHours: { start: e.target.value } })}
              />
              <span aria-hidden="true">–</span>
              <input
                type="time"
                aria-label={t('settings.quietTo')}
                value={n.quietHours.end}
                disabled={!n.quietHours.enabled}
                onChange={(e) => e.target.value && void update({ quietHours: { end: e.target.value } })}
              />
            </span>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('settings.startup')}</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.startAtLogin}
              onChange={(e) => void update({ startAtLogin: e.target.checked })}
            />
            {t('tray.startAtLogin')}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.startHidden}
              onChange={(e) => void update({ startHidden: e.target.checked })}
            />
            {t('settings.startHidden')}
          </label>
          <div className="row-field">
            <span>{t('settings.shortcut')}</span>
            <ShortcutRecorder value={settings.shortcut} onChange={(shortcut) => void update({ shortcut })} />
          </div>
        </fieldset>
        <div className="connect-foot">
          <button type="button" className="secondary" onClick={() => void useDiagnostics.getState().show()}>
            {t('diagnostics.open')}
          </button>
          <button type="button" className="primary" onClick={close}>
            {t('help.done')}
          </button>
        </div>
      </div>
    </div>
  );
}
