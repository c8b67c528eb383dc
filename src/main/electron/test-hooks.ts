import type { RunningSandbox } from '../demo/embedded-demo';
import type { Accounts } from '../core/accounts/accounts';
import type { ElectronNotifier } from './notifications';
import type { TrayIndicator } from './tray';

/**
 * With PERCH_E2E_HOOKS=1 (set only by the Playwright `_electron` suite) in a development run,
 * the main process exposes what a test cannot reach through the OS: the tray's tooltip and a
 * notification click. Otherwise, and always in a packaged build, nothing is exposed.
 */
export function exposeTestHooks(
  enabled: boolean,
  parts: {
    tray: TrayIndicator;
    notifier: ElectronNotifier;
    accounts: Accounts;
    sandbox: () => RunningSandbox | undefined;
  },
): void {
  if (!enabled) return;
  (globalThis as Record<string, unknown>).__perchTest = {
    trayTooltip: () => parts.tray.tooltip,
    /** "account/conversation" keys of the notifications on screen. */
    notifications: () => parts.notifier.shownConversations(),
    clickNotification: (accountId: string, conversationId: string) => parts.notifier.click(accountId, conversationId),
    /** A visitor of the embedded sandbox writes into an open, unassigned conversation. */
    visitorWrites: (body: string) => {
      const sandbox = parts.sandbox();
      const appId = parts.accounts.workspaceOf('demo')?.options.account.appId;
      if (!sandbox || appId === undefined) return null;
      const target = [...sandbox.store.conversations.values()].find(
        (c) => c.appId === appId && !c.closed && c.assigneeId === null && c.userReplies > 0 && !c.assistantType,
      );
      return target ? sandbox.simulator.writeInto(target, body).id : null;
    },
  };
}
