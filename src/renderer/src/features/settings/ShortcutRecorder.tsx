import { useState, type KeyboardEvent } from 'react';
import { shortcutProblem, type ShortcutProblem } from '../../../../shared/settings';
import { t } from '../../ui/i18n';
import { acceleratorOf, shortcutLabel } from './shortcut-keys';

/**
 * The global shortcut, recorded from the keys the agent presses: click, press e.g. Ctrl+Shift+P,
 * done. A key alone or with only Shift is refused with the reason; Escape stops recording.
 */
export function ShortcutRecorder({ value, onChange }: { value: string; onChange: (accelerator: string) => void }) {
  const [recording, setRecording] = useState(false);
  const [refused, setRefused] = useState<ShortcutProblem | null>(null);
  const shown = value ? shortcutLabel(value) : t('settings.shortcutNone');

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!recording) return;
    // While recording, every key belongs to the recorder: not to the dialog, the app or the browser.
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape') {
      setRecording(false);
      setRefused(null);
      return;
    }
    const accelerator = acceleratorOf(event);
    if (accelerator === null) return;
    const problem = accelerator === '' ? 'format' : shortcutProblem(accelerator);
    setRefused(problem);
    if (problem) return;
    setRecording(false);
    onChange(accelerator);
  };

  return (
    <div className="shortcut-recorder">
      <span className="buttons">
        <button
          type="button"
          className={`secondary recorder${recording ? ' recording' : ''}`}
          aria-label={`${t('settings.shortcut')}: ${recording ? t('settings.shortcutPress') : shown}`}
          aria-describedby="shortcut-hint"
          onClick={() => {
            setRefused(null);
            setRecording(!recording);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setRecording(false)}
        >
          {recording ? t('settings.shortcutPress') : shown}
        </button>
        {value ? (
          <button
            type="button"
            className="link"
            onClick={() => {
              setRecording(false);
              setRefused(null);
              onChange('');
            }}
          >
            {t('settings.shortcutClear')}
          </button>
        ) : null}
      </span>
      <small id="shortcut-hint" className="muted">
        {t('settings.shortcutHint')}
      </small>
      {refused ? (
        <p className="error" role="alert">
          {t(refused === 'modifier' ? 'settings.shortcutModifier' : 'settings.shortcutKey')}
        </p>
      ) : null}
    </div>
  );
}
