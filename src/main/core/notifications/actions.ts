import type { AccountId } from '../../../shared/accounts';
import type { Id } from '../../../shared/api/types';
import type { SnoozePreset } from '../../../shared/snooze';
import type { ContractHandlers } from '../contract/contract-dispatch';
import type { NotificationAction, ScopedLog } from '../ports';
import type { NotificationKind } from './kind';
import { snoozeEnded } from './kinds/snooze-ended';
import { visitorMessage } from './kinds/visitor-message';

export type { NotificationAction };

/** Every kind with buttons: a button pressed is found here by its kind's name and its place. */
const KINDS_WITH_BUTTONS: readonly NotificationKind<never>[] = [visitorMessage, snoozeEnded];

/** The action of the `index`th button of a kind, as the OS reports a press; null when that kind has no such button. */
export function buttonAction(kind: string, index: number): NotificationAction | null {
  return KINDS_WITH_BUTTONS.find((k) => k.name === kind)?.buttons[index]?.action ?? null;
}

/** A button pressed, as the OS reports it: which notification (account, conversation, kind) and which button. */
export interface PressedButton {
  accountId: AccountId;
  conversationId: Id;
  kind: string;
  index: number;
}

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
 * A button pressed in a notification: its kind's action, the same as in the window, through the
 * account's workspace (an assignment goes through its outbox). The escalation of that
 * conversation ends: the agent has seen it. A button its kind does not have is refused and
 * logged. Fails then, or when the account is gone, so the adapter can open Perch instead.
 */
export async function actOnNotification(
  accounts: NotifiedAccounts,
  pressed: PressedButton,
  log: ScopedLog,
): Promise<void> {
  const { accountId, conversationId, kind, index } = pressed;
  const action = buttonAction(kind, index);
  if (!action) {
    log.warn('notification button refused', { kind, index, conversationId });
    throw new Error(`a notification of kind ${kind} has no button ${index}`);
  }
  const workspace = accounts.workspaceOf(accountId);
  if (!workspace) throw new Error('the account of this notification is gone');
  workspace.alertDismissed(conversationId);
  if (action === 'mark-read') await accounts.handlers['conversation:mark-read'](accountId, [conversationId]);
  else if (action === 'snooze-hour') await workspace.snoozeFromNotification(conversationId, 'hour');
  else await accounts.handlers['conversation:assign'](accountId, conversationId, workspace.options.account.adminId);
}
