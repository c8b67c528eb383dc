import { helpEntries } from './command-table';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Sheet } from '../../ui/Sheet';

/** The keys of the command table, as the agent reads them. */
export function HelpSheet() {
  const open = usePerch((s) => s.sheet === 'help');
  const closeSheet = usePerch((s) => s.closeSheet);
  if (!open) return null;
  const close = () => closeSheet('help');
  return (
    <Sheet className="sheet" label={t('help.title')} onClose={close}>
      <h2>{t('help.title')}</h2>
      <dl>
        {helpEntries().map(({ keys, label }) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="primary" onClick={close} autoFocus>
        {t('help.done')}
      </button>
    </Sheet>
  );
}
