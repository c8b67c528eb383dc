import { t } from '../i18n';
import { usePerch } from '../store';

export const SHORTCUTS: [keys: string, what: Parameters<typeof t>[0]][] = [
  ['J / ↓', 'help.next'],
  ['K / ↑', 'help.previous'],
  ['R', 'help.reply'],
  ['N', 'help.note'],
  ['A', 'help.assignToMe'],
  ['E', 'help.close'],
  ['/', 'help.search'],
  ['Ctrl+K', 'help.palette'],
  ['Ctrl+Enter', 'help.send'],
  ['?', 'help.help'],
];

export function HelpSheet() {
  const open = usePerch((s) => s.helpOpen);
  const setOpen = usePerch((s) => s.setHelpOpen);
  if (!open) return null;
  return (
    <div className="sheet-backdrop" onClick={() => setOpen(false)}>
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-label={t('help.title')}
        onClick={(e) => e.stopPropagation()}
      >
        <h2>{t('help.title')}</h2>
        <dl>
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{t(what)}</dd>
            </div>
          ))}
        </dl>
        <button type="button" className="primary" onClick={() => setOpen(false)} autoFocus>
          {t('help.done')}
        </button>
      </div>
    </div>
  );
}
