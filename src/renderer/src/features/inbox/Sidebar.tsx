import { t, tn } from '../../ui/i18n';
import type { LocaleChoice, ThemeChoice } from '../settings/selectors';
import { VIEWS } from './inbox-filters';
import { liveWayOf } from '../accounts/selectors';
import { usePerch } from '../../store';
import { OutboxStatus } from '../conversation/index';
import { PausedNotice, QuietNotice, DoNotDisturbNotice } from '../alerts/index';
import { HealthLine, SidebarFreshness, AccountBox, AccountFilter } from '../accounts/index';
import { UpdateReadyLine } from '../updates/index';
import { Logo } from '../../ui/Logo';
import { Select } from '../../ui/Select';
import { SidebarChannels } from './SidebarChannels';

/** Whether changes arrive live or by polling alone, with the why on hover (docs/realtime.md). */
function LiveWayLine() {
  const way = usePerch((s) => liveWayOf(s.accounts, s.statuses));
  return (
    <div className={`live-way live-way-${way}`} data-live={way} title={t(`live.detail.${way}`)}>
      {t(`live.${way}`)}
    </div>
  );
}

export function Sidebar() {
  const view = usePerch((s) => s.view);
  const setView = usePerch((s) => s.setView);
  const screen = usePerch((s) => s.screen);
  // A visitor's own screen belongs to the list the agent opened it from.
  const place = usePerch((s) => (s.screen === 'visitor' ? s.visitor?.from : s.screen));
  const setScreen = usePerch((s) => s.setScreen);
  const openSettings = usePerch((s) => s.openSettings);
  // Main keeps the language and theme; the palette and other windows change them too.
  const prefs = {
    locale: usePerch((s) => s.settings?.locale ?? 'auto'),
    theme: usePerch((s) => s.settings?.theme ?? 'system'),
  };
  const updateSettings = usePerch((s) => s.updateSettings);
  const health = usePerch((s) => s.health);
  const progress = usePerch((s) => s.progress);
  // Kept by the store's inbox as rows change, one row at a time; of the account chosen, if one is.
  const counts = usePerch((s) => (s.accountFilter === null ? s.unreadCounts : s.inbox.unreadCountsOf(s.accountFilter)));
  const countOf = (i: number) => counts[i] ?? 0;

  return (
    <nav className="sidebar" aria-label={t('views.label')}>
      <div className="brand">
        <Logo />
        <span>{t('app.title')}</span>
      </div>
      {/* At the top, where it is seen at any window size. */}
      <PausedNotice />
      <QuietNotice />
      <DoNotDisturbNotice />
      <UpdateReadyLine />
      <AccountFilter />
      <ul className="views">
        {VIEWS.map((v, i) => (
          <li key={v}>
            <button
              type="button"
              className={v === view && screen === 'inbox' ? 'view active' : 'view'}
              aria-current={v === view && screen === 'inbox' ? 'page' : undefined}
              onClick={() => {
                setView(v);
                setScreen('inbox');
              }}
              data-view={v}
            >
              <span>{t(`views.${v}`)}</span>
              {countOf(i) > 0 && v !== 'closed' ? (
                <span
                  className="badge"
                  aria-label={tn('inbox.unreadConversations', countOf(i))}
                  title={tn('inbox.unreadConversations', countOf(i))}
                >
                  {countOf(i)}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      <SidebarChannels />
      <ul className="views">
        <li>
          <button
            type="button"
            className={place === 'visitors' ? 'view active' : 'view'}
            aria-current={place === 'visitors' ? 'page' : undefined}
            onClick={() => setScreen('visitors')}
          >
            {t('directory.visitors')}
          </button>
        </li>
        <li>
          <button
            type="button"
            className={place === 'leads' ? 'view active' : 'view'}
            aria-current={place === 'leads' ? 'page' : undefined}
            onClick={() => setScreen('leads')}
          >
            {t('directory.leads')}
          </button>
        </li>
      </ul>
      <div className="sidebar-foot">
        <button type="button" className="link settings-link" onClick={() => void openSettings()}>
          {t('settings.open')}
        </button>
        <div className="preferences">
          <Select<LocaleChoice>
            label={t('prefs.language')}
            value={prefs.locale}
            onChange={(locale) => void updateSettings({ locale })}
            options={[
              { value: 'auto', label: t('prefs.auto') },
              { value: 'en', label: 'English' },
              { value: 'ru', label: 'Русский' },
            ]}
          />
          <Select<ThemeChoice>
            label={t('prefs.theme')}
            value={prefs.theme}
            onChange={(theme) => void updateSettings({ theme })}
            options={[
              { value: 'system', label: t('prefs.system') },
              { value: 'light', label: t('prefs.light') },
              { value: 'dark', label: t('prefs.dark') },
            ]}
          />
        </div>
        <AccountBox />
        <HealthLine health={health} />
        <SidebarFreshness />
        <LiveWayLine />
        <OutboxStatus />
        {!progress.done && progress.loaded > 0 ? (
          <div
            className="progress"
            role="progressbar"
            aria-label={tn('inbox.loadedCount', progress.loaded)}
            aria-valuetext={String(progress.loaded)}
          >
            {tn('inbox.loadedCount', progress.loaded)}
          </div>
        ) : null}
      </div>
    </nav>
  );
}
