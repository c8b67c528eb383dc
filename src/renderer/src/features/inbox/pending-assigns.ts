import { useMemo } from 'react';
import { conversationKey, type ConversationKey } from '../../../../shared/accounts';
import type { Id } from '../../../../shared/api/types';
import { useAdminNames } from '../accounts/index';
import { assignBeingMade, assigningText } from '../conversation/selectors';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import type { PendingAssign } from './InboxRow';

/**
 * What the rows say of the assigns on their way (held for Undo or being sent), by conversation:
 * the assignee they give, as the Undo notice and the header say, until the server has it.
 */
export function usePendingAssigns(): ReadonlyMap<ConversationKey, PendingAssign> {
  const outbox = usePerch((s) => s.outbox);
  const admins = usePerch((s) => s.admins);
  const adminName = useAdminNames();
  const locale = usePerch((s) => s.settings?.locale);
  return useMemo(() => {
    const shown = new Map<ConversationKey, PendingAssign>();
    for (const item of outbox) {
      if (item.action.kind !== 'assign') continue;
      const key = conversationKey(item.accountId, item.action.conversationId);
      if (shown.has(key)) continue;
      const adminId: Id | null | undefined = assignBeingMade(outbox, item.accountId, item.action.conversationId);
      if (adminId === undefined) continue;
      const mine = adminId !== null && admins.get(item.accountId) === adminId;
      const name = adminId === null ? null : adminName(item.accountId, adminId);
      shown.set(key, {
        name: adminId === null ? t('inbox.unassigned') : mine ? t('inbox.assigneeYou') : (name ?? '…'),
        sentence: assigningText(adminId, name, mine),
      });
    }
    return shown;
    // The sentences follow the language too.
  }, [outbox, admins, adminName, locale]);
}
