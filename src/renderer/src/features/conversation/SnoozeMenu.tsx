import { useMemo, useState } from 'react';
import { SNOOZE_NOTE_MAX, snoozePresetsAt, snoozePresetTime } from '../../../../shared/snooze';
import { t } from '../../ui/i18n';
import { formatSnoozeTime, fromLocalInput, toLocalInput } from './snooze-time';
import { usePerch } from '../../store';
import { useToolkit } from '../toolkit/index';
import { Sheet } from '../../ui/Sheet';

/**
 * "Snooze this conversation" (Z, the header's Snooze button, the palette): a preset or a time
 * picked, with an optional note that makes it a reminder, shown when the conversation returns.
 */
export function SnoozeMenu() {
  const open = usePerch((s) => s.sheet === 'snooze');
  if (!open) return null;
  return <SnoozeSheet />;
}

function SnoozeSheet() {
  const setOpen = useToolkit((s) => s.setSnoozeOpen);
  const snooze = useToolkit((s) => s.snooze);
  const error = useToolkit((s) => s.snoozeError);
  const [note, setNote] = useState('');
  const now = useMemo(() => new Date(), []);
  const [picked, setPicked] = useState(() => toLocalInput(snoozePresetTime('tomorrow', now)));
  const [pastTime, setPastTime] = useState(false);
  const close = () => setOpen(false);
  const pickedTime = fromLocalInput(picked);
  // The Snooze button that opened this hides once the conversation sleeps: the focus goes to
  // Unsnooze, over the messages, rather than falling to the page.
  const snoozeUntil = (until: number) =>
    void snooze(until, note).then((ok) => {
      if (ok) requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-wake]')?.focus());
    });
  const snoozePicked = () => {
    if (pickedTime === null || pickedTime <= Date.now()) return setPastTime(true);
    snoozeUntil(pickedTime);
  };
  return (
    <Sheet className="sheet snooze-menu" labelledBy="snooze-title" onClose={close} onEscape={close}>
      <h2 id="snooze-title">{t('snooze.menu')}</h2>
      <label className="snooze-note">
        <span>{t('snooze.note')}</span>
        <textarea value={note} maxLength={SNOOZE_NOTE_MAX} rows={2} onChange={(e) => setNote(e.target.value)} />
      </label>
      <ul className="snooze-presets">
        {snoozePresetsAt(now).map((preset, i) => {
          const until = snoozePresetTime(preset, now);
          return (
            <li key={preset}>
              <button
                type="button"
                className="secondary"
                autoFocus={i === 0}
                onClick={() => snoozeUntil(until)}
                data-snooze={preset}
              >
                <span>{t(`snooze.${preset}`)}</span>
                <span className="muted">{formatSnoozeTime(until)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="snooze-pick">
        <label>
          <span>{t('snooze.pick')}</span>
          <input
            type="datetime-local"
            value={picked}
            min={toLocalInput(Date.now())}
            aria-invalid={pastTime}
            aria-describedby={pastTime ? 'snooze-past' : undefined}
            onChange={(e) => {
              setPicked(e.target.value);
              setPastTime(false);
            }}
          />
        </label>
        <button type="button" className="primary" onClick={snoozePicked}>
          {t('snooze.confirm')}
        </button>
      </div>
      {pastTime ? (
        <p id="snooze-past" className="error" role="alert">
          {t('snooze.pastTime')}
        </p>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="snooze-buttons">
        <button type="button" className="secondary" onClick={close}>
          {t('snooze.cancel')}
        </button>
      </div>
    </Sheet>
  );
}
