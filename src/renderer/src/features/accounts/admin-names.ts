import { useCallback } from 'react';
import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import { useDirectory } from '../directory/index';
import { knownAdmins } from '../directory/selectors';
import { usePerch } from '../../store';

/** The names of an account's admins, as its channels and rows know them: null for one not known. */
export function useAdminNames(): (accountId: AccountId, adminId: Id) => string | null {
  const channelsByAccount = useDirectory((s) => s.channelsByAccount);
  const rows = usePerch((s) => s.rows);
  // The rows change in place: the inbox's version says when.
  const inboxVersion = usePerch((s) => s.inboxVersion);
  return useCallback(
    (accountId: AccountId, adminId: Id) => {
      const theirs = [...rows.values()].filter((row) => row.accountId === accountId);
      return knownAdmins(channelsByAccount[accountId] ?? [], theirs).find((a) => a.id === adminId)?.name ?? null;
    },
    // The version says the rows changed in place.
    [channelsByAccount, rows, inboxVersion],
  );
}
