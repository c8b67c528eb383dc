import { useShallow } from 'zustand/react/shallow';
import type { AccountId } from '../../../../shared/accounts';
import type { AccountInfo } from '../../../../shared/ipc/contract';
import { directoryAccountOf, isRunning } from './accounts-view';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Select } from '../../ui/Select';

/** The small label in an account's colour that names the account of a row, a header or a list. */
export function AccountChip({ account }: { account: AccountInfo | undefined }) {
  if (!account) return null;
  return (
    <span className={`account-chip account-${account.color}`} title={t('accounts.ofAccount', { label: account.label })}>
      <bdi>{account.label}</bdi>
    </span>
  );
}

/** The account of a row or a conversation, named only when Perch holds more than one. */
export function useAccountShown(accountId: AccountId | undefined): AccountInfo | undefined {
  return usePerch((s) => (s.accounts.length > 1 ? s.accounts.find((a) => a.id === accountId) : undefined));
}

/** On the visitors and leads screens: which account they show, when more than one runs. */
export function DirectoryAccount() {
  const running = usePerch(useShallow((s) => s.accounts.filter(isRunning)));
  const current = usePerch(directoryAccountOf);
  const choose = usePerch((s) => s.setDirectoryAccount);
  if (running.length < 2 || current === null) return null;
  return (
    <Select<AccountId>
      label={t('accounts.account')}
      value={current}
      onChange={choose}
      options={running.map((a) => ({ value: a.id, label: a.label }))}
    />
  );
}
