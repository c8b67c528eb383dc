import type { UpdateChannel, UpdateState } from '../../../../shared/updates';
import { formatClock } from '../../ui/text/format';
import { t, tn } from '../../ui/i18n';
import { useUpdates } from './slice';
import { Select } from '../../ui/Select';

/** Where the updates stand, in one sentence. */
export function updateSentence(state: UpdateState): string {
  const version = state.version ?? '';
  switch (state.phase) {
    case 'off':
      return t(`updates.state.off.${state.offReason ?? 'unsupported'}`);
    case 'up-to-date':
      return t('updates.state.up-to-date', { time: formatClock(Math.floor((state.checkedAt ?? Date.now()) / 1000)) });
    case 'error':
      return t(`updates.state.error.${state.error ?? 'network'}`);
    case 'waiting-for-writes':
      return state.writesPending > 0 ? tn('updates.waiting', state.writesPending) : t('updates.waitingNone');
    default:
      return t(`updates.state.${state.phase}`, { version });
  }
}

/** Settings → Updates: the state in a sentence, the channel, automatic download, and what can be done now. */
export function UpdatesSettings() {
  const state = useUpdates((s) => s.state);
  const run = useUpdates((s) => s.run);
  const set = useUpdates((s) => s.set);
  if (!state) return null;
  const off = state.phase === 'off';
  const busy = state.phase === 'checking' || state.phase === 'downloading' || state.phase === 'waiting-for-writes';
  return (
    <fieldset className="updates-settings">
      <legend>{t('updates.title')}</legend>
      <p className="update-state" role="status">
        {updateSentence(state)}
      </p>
      {off && state.offReason !== 'policy' && state.offReason !== 'policy-damaged' ? null : (
        <>
          {off ? null : (
            <>
              <div className="row-field">
                <span id="updates-channel-label">{t('updates.channel')}</span>
                {state.managed.channel ? (
                  <span>
                    {t(`updates.channel.${state.channel}`)} <span className="muted">{t('updates.managed')}</span>
                  </span>
                ) : (
                  <Select<UpdateChannel>
                    labelledBy="updates-channel-label"
                    value={state.channel}
                    onChange={(channel) => void set({ channel })}
                    options={(['stable', 'beta'] as const).map((c) => ({ value: c, label: t(`updates.channel.${c}`) }))}
                  />
                )}
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={state.autoDownload}
                  disabled={state.managed.autoDownload}
                  onChange={(e) => void set({ autoDownload: e.target.checked })}
                />
                {t('updates.autoDownload')}
                {state.managed.autoDownload ? <span className="muted"> {t('updates.managed')}</span> : null}
              </label>
            </>
          )}
        </>
      )}
      {state.releaseNotes && state.version ? (
        <section className="release-notes" aria-labelledby="release-notes-title">
          <h3 id="release-notes-title">{t('updates.releaseNotes', { version: state.version })}</h3>
          <p>{state.releaseNotes}</p>
        </section>
      ) : null}
      <div className="row-field">
        <span className="muted">
          {state.currentVersion ? t('updates.version', { version: state.currentVersion }) : null}
        </span>
        <span className="buttons">
          {state.phase === 'available' ? (
            <>
              <button type="button" className="secondary" onClick={() => void run('updates:skip')}>
                {t('updates.skip')}
              </button>
              <button type="button" className="primary" onClick={() => void run('updates:download')}>
                {t('updates.download')}
              </button>
            </>
          ) : null}
          {state.phase === 'ready' ? (
            <button type="button" className="primary" onClick={() => void run('updates:restart')}>
              {t('updates.restart')}
            </button>
          ) : null}
          {/* Once a version is offered or downloaded, checking again has nothing to add. */}
          {off || state.phase === 'ready' || state.phase === 'available' ? null : (
            <button type="button" className="secondary" disabled={busy} onClick={() => void run('updates:check')}>
              {t('updates.checkNow')}
            </button>
          )}
        </span>
      </div>
    </fieldset>
  );
}

/** The window's quiet line once an update is downloaded: "Update ready — Restart". */
export function UpdateReadyLine() {
  const state = useUpdates((s) => s.state);
  const run = useUpdates((s) => s.run);
  if (!state || (state.phase !== 'ready' && state.phase !== 'waiting-for-writes')) return null;
  return (
    <div className="update-ready" role="status">
      <span>{state.phase === 'ready' ? t('updates.readyLine') : updateSentence(state)}</span>
      {state.phase === 'ready' ? (
        <button type="button" className="link" onClick={() => void run('updates:restart')}>
          {t('updates.readyRestart')}
        </button>
      ) : null}
    </div>
  );
}
