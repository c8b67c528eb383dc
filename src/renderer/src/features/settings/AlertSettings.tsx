import type { AccountInfo } from '../../../../shared/ipc/types';
import {
  ALERT_SOUNDS,
  BRING_FORWARD_CHOICES,
  escalationFor,
  FLASH_AFTER_CHOICES,
  REPEAT_AFTER_CHOICES,
  REPEAT_EVERY_CHOICES,
  SOUND_EVENTS,
  type Escalation,
  type SoundChoice,
  type SoundEvent,
} from '../../../../shared/alerts';
import { playAlertSound } from '../alerts/actions';
import { t, tn } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Select } from '../../ui/Select';

const SOUND_CHOICES: SoundChoice[] = [...ALERT_SOUNDS, 'none'];

/** "30 seconds", "2 minutes", as after "After" (Russian: "через 1 минуту"). */
const duration = (seconds: number) =>
  seconds % 60 === 0 ? tn('alerts.minutes', seconds / 60) : tn('alerts.seconds', seconds);
/** The same, standing alone (Russian: "1 минута"). */
const span = (seconds: number) =>
  seconds % 60 === 0 ? tn('alerts.spanMinutes', seconds / 60) : tn('alerts.spanSeconds', seconds);

/** Off, or "After 30 seconds" for each choice, as the strings a Select carries. */
function stepOptions(choices: readonly number[]) {
  return [
    { value: 'off', label: t('alerts.off') },
    ...choices.map((s) => ({ value: String(s), label: t('alerts.after', { time: duration(s) }) })),
  ];
}

/** A step's choices plus its current value, should the settings file hold one the screen does not offer. */
const withCurrent = (choices: readonly number[], current: number | null) =>
  current === null || choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);

/** Perch's sounds per event with their volume and a preview, kept for every account. */
export function AlertSounds() {
  const settings = usePerch((s) => s.settings)!;
  const update = usePerch((s) => s.updateSettings);
  const { sounds, volume } = settings.alerts;
  return (
    <fieldset className="alert-settings">
      <legend>{t('alerts.sounds')}</legend>
      {settings.notifications.sound ? null : <p className="muted settings-hint">{t('alerts.soundsOff')}</p>}
      {SOUND_EVENTS.map((event: SoundEvent) => (
        <div className="row-field" key={event}>
          <span id={`alert-sound-${event}`}>{t(`alerts.sound.${event}`)}</span>
          <span className="buttons">
            <Select<SoundChoice>
              labelledBy={`alert-sound-${event}`}
              value={sounds[event]}
              onChange={(sound) => void update({ alerts: { sounds: { [event]: sound } } })}
              options={SOUND_CHOICES.map((sound) => ({ value: sound, label: t(`alerts.soundName.${sound}`) }))}
            />
            <button
              type="button"
              className="secondary"
              disabled={sounds[event] === 'none'}
              aria-label={t('alerts.previewOf', { event: t(`alerts.sound.${event}`) })}
              onClick={() => {
                const sound = sounds[event];
                if (sound !== 'none') playAlertSound(sound, volume);
              }}
            >
              {t('alerts.preview')}
            </button>
          </span>
        </div>
      ))}
      <div className="row-field">
        <label htmlFor="alert-volume">{t('alerts.volume')}</label>
        <input
          id="alert-volume"
          className="alert-volume"
          type="range"
          min={0}
          max={100}
          step={5}
          value={volume}
          onChange={(e) => void update({ alerts: { volume: Number(e.target.value) } })}
        />
      </div>
    </fieldset>
  );
}

/** The escalation for unanswered visitors: shared, or of the account chosen above. */
export function AlertEscalation({ account }: { account: AccountInfo | undefined }) {
  const settings = usePerch((s) => s.settings)!;
  const update = usePerch((s) => s.updateSettings);
  const alerts = settings.alerts;
  const e = account ? escalationFor(alerts, account.id) : alerts.escalation;
  const own = account !== undefined && alerts.accounts?.[account.id] !== undefined;
  const change = (escalation: Partial<Escalation>) =>
    void update({ alerts: { ...(account ? { account: account.id } : {}), escalation } });
  const step = (value: string) => (value === 'off' ? null : Number(value));
  const field = (
    key: 'repeatSoundAfter' | 'flashAfter' | 'bringForwardAfter',
    label: string,
    choices: readonly number[],
  ) => (
    <div className="row-field">
      <span id={`alert-${key}`}>{label}</span>
      <Select<string>
        labelledBy={`alert-${key}`}
        value={e[key] === null ? 'off' : String(e[key])}
        onChange={(value) => change({ [key]: step(value) })}
        options={stepOptions(withCurrent(choices, e[key]))}
      />
    </div>
  );
  return (
    <fieldset className="alert-settings">
      <legend>{t('alerts.escalation')}</legend>
      <p className="muted settings-hint">{t('alerts.escalationHint')}</p>
      {account ? (
        <label className="check">
          <input
            type="checkbox"
            checked={!own}
            onChange={(ev) =>
              void update({
                alerts: ev.target.checked
                  ? { account: account.id, followShared: true }
                  : { account: account.id, escalation: {} },
              })
            }
          />
          {t('alerts.sameAsAll')}
        </label>
      ) : null}
      {field('repeatSoundAfter', t('alerts.repeat'), REPEAT_AFTER_CHOICES)}
      {e.repeatSoundAfter === null ? null : (
        <div className="row-field">
          <span id="alert-repeatSoundEvery">{t('alerts.repeatEvery')}</span>
          <Select<string>
            labelledBy="alert-repeatSoundEvery"
            value={String(e.repeatSoundEvery)}
            onChange={(value) => change({ repeatSoundEvery: Number(value) })}
            options={withCurrent(REPEAT_EVERY_CHOICES, e.repeatSoundEvery).map((s) => ({
              value: String(s),
              label: span(s),
            }))}
          />
        </div>
      )}
      {field('flashAfter', t('alerts.flash'), FLASH_AFTER_CHOICES)}
      {field('bringForwardAfter', t('alerts.bringForward'), BRING_FORWARD_CHOICES)}
    </fieldset>
  );
}
