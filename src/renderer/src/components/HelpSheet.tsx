import { t } from '../i18n';
import { usePerch } from '../store';
import { Sheet } from './Sheet';

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
  ['Alt+1…9', 'help.savedReply'],
  ['?', 'help.help'],
];

export function HelpSheet() {
  const open = usePerch((s) => s.sheet === 'help');
  const closeSheet = usePerch((s) => s.closeSheet);
  const close = () => closeSheet('help');
  if (!open) return null;
  return (
    <Sheet className="sheet" label={t('help.title')} onClose={close}>
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
      <button type="button" className="primary" onClick={close} autoFocus>
        {t('help.done')}
      </button>
    </Sheet>
  );
}
