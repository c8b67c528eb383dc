import type { AccountId } from '../../../shared/accounts';
import type { Id } from '../../../shared/api/types';
import type { MessageKey } from '../../../shared/i18n';
import type { SnoozePreset } from '../../../shared/snooze';
import type { ContractHandlers } from '../contract/contract-dispatch';

/** The buttons of a notification, where the OS shows buttons (macOS, Windows), in order: every kind has these. */
export const NOTIFICATION_ACTIONS = ['assign-to-me', 'mark-read', 'snooze-hour'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

export const NOTIFICATION_ACTION_LABELS: Record<NotificationAction, MessageKey> = {
  'assign-to-me': 'notification.assignToMe',
  'mark-read': 'notification.markRead',
  'snooze-hour': 'notification.snoozeHour',
};

/** What a button needs of the accounts (`Accounts` has it): the contract's handlers and the account's workspace. */
export interface NotifiedAccounts {
  readonly handlers: Pick<ContractHandlers, 'conversation:mark-read' | 'conversation:assign'>;
  workspaceOf(accountId: AccountId): {
    alertDismissed(conversationId: Id): void;
    snoozeFromNotification(conversationId: Id, preset: SnoozePreset): Promise<unknown>;
    readonly options: { readonly account: { readonly adminId: Id } };
  } | null;
}

/**
 * A button pressed in a notification: the same action as in the window, through the account's
 * workspace (an assignment goes through its outbox). The escalation of that conversation ends:
 * the agent has seen it. Fails when the account is gone, so the adapter can open Perch instead.
 */
export async function actOnNotification(
  accounts: NotifiedAccounts,
  accountId: AccountId,
  conversationId: Id,
  action: NotificationAction,
): Promise<void> {
  const workspace = accounts.workspaceOf(accountId);
  if (!workspace) throw new Error('the account of this notification is gone');
  workspace.alertDismissed(conversationId);
  if (action === 'mark-read') await accounts.handlers['conversation:mark-read'](accountId, [conversationId]);
  else if (action === 'snooze-hour') await workspace.snoozeFromNotification(conversationId, 'hour');
  else await accounts.handlers['conversation:assign'](accountId, conversationId, workspace.options.account.adminId);
}
