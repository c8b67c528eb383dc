import {
  SPELL_LANGUAGES,
  SPELL_LANGUAGES_MAX,
  spellLanguagesFor,
  type SpellLanguage,
} from '../../../../shared/spelling';
import type { AgentSettings, AgentSettingsChange } from '../../../../shared/settings';
import { ZOOM_STEPS } from '../../../../shared/zoom';
import { t, useLocale } from '../../ui/i18n';
import { Select } from '../../ui/Select';

/** Settings' spelling languages and zoom, kept by main like the rest and applied at once. */
export function DesktopSettings({
  settings,
  update,
}: {
  settings: AgentSettings;
  update: (change: AgentSettingsChange) => Promise<void>;
}) {
  const following = settings.spellLanguages === null;
  const checked = spellLanguagesFor(settings.spellLanguages, useLocale());
  const names = (list: readonly SpellLanguage[]) => list.map((l) => t(`spelling.lang.${l}`)).join(', ');
  const toggle = (language: SpellLanguage, on: boolean) =>
    void update({
      spellLanguages: on ? [...checked, language] : checked.filter((l) => l !== language),
    });
  return (
    <>
      <fieldset className="spelling-settings">
        <legend>{t('spelling.title')}</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={following}
            onChange={(e) => void update({ spellLanguages: e.target.checked ? null : checked })}
          />
          {t('spelling.followLanguage')}
        </label>
        <p className="muted settings-hint" role="status">
          {checked.length ? t('spelling.following', { languages: names(checked) }) : t('spelling.none')}
        </p>
        {following ? null : (
          <fieldset className="spell-languages">
            <legend>{t('spelling.choose', { max: SPELL_LANGUAGES_MAX })}</legend>
            {SPELL_LANGUAGES.map((language) => {
              const on = checked.includes(language);
              return (
                <label key={language} className="check">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && checked.length >= SPELL_LANGUAGES_MAX}
                    onChange={(e) => toggle(language, e.target.checked)}
                  />
                  {t(`spelling.lang.${language}`)}
                </label>
              );
            })}
          </fieldset>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('zoom.title')}</legend>
        <div className="row-field">
          <span id="settings-zoom-label">{t('zoom.level')}</span>
          <Select<string>
            labelledBy="settings-zoom-label"
            value={String(settings.zoomPercent)}
            onChange={(value) => void update({ zoomPercent: Number(value) })}
            options={ZOOM_STEPS.map((step) => ({ value: String(step), label: t('zoom.percent', { percent: step }) }))}
          />
        </div>
        <p className="muted settings-hint">{t('zoom.keys')}</p>
      </fieldset>
    </>
  );
}
