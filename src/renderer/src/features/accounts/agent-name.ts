import type { AccountId } from '../../../../shared/accounts';
import { useDirectory } from '../directory/index';
import { usePerch } from '../../store';

/**
 * The name of the administrator an account acts as (the agent): the API has no call for it, so
 * it is found where Perch sees administrators, among the channels' operators and the assignees
 * of the account's conversations. Null while neither names them.
 */
export function useAgentName(accountId: AccountId | undefined): string | null {
  const adminId = usePerch((s) => (accountId === undefined ? undefined : s.admins.get(accountId)));
  const fromChannels = useDirectory((s) => {
    if (accountId === undefined || adminId === undefined) return null;
    for (const channel of s.channelsByAccount[accountId] ?? [])
      for (const operator of channel.operators) if (operator.id === adminId && operator.name) return operator.name;
    return null;
  });
  // The rows change in place: the inbox's version says when.
  return usePerch((s) => {
    if (fromChannels !== null || accountId === undefined || adminId === undefined) return fromChannels;
    void s.inboxVersion;
    for (const row of s.rows.values())
      if (row.accountId === accountId && row.assignee?.id === adminId && row.assignee.name) return row.assignee.name;
    return null;
  });
}
