import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAccountsFromEnv } from '../../../src/main/browser-host/accounts-from-env';
import { RecordingNotifier } from '../../../src/main/browser-host/host';
import type { Accounts } from '../../../src/main/core/accounts/accounts';
import { actOnNotification, type NotificationAction } from '../../../src/main/core/notifications/actions';
import { visitorMessage } from '../../../src/main/core/notifications/kinds/visitor-message';
import { silentLogger } from '../../../src/main/core/log/logger';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { raw, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { accountsOn } from '../../support/accounts';

let sbx: RunningSandbox;
let accounts: Accounts;
let close: () => Promise<void>;
const notifier = new RecordingNotifier();

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 12 });
  notifier.shown.length = 0;
  ({ accounts, close } = await accountsOn({
    prefix: 'perch-notification-actions-',
    plainTokenFile: false,
    workspace: { notifier, partsIntervalMs: 100 },
    demo: { conversationsPerApp: 5 },
    start: true,
  }));
  const app = sbx.info.apps[0]!;
  const env = {
    PERCH_ACCOUNTS: JSON.stringify([{ baseUrl: sbx.info.baseUrl, token: app.token, adminId: app.adminId }]),
  };
  expect(await connectAccountsFromEnv(accounts, env)).toEqual([]);
  await until(() => accounts.running.list().every((r) => r.status.progress.done), { what: 'the inbox' });
});

afterEach(async () => {
  await close();
  await sbx.close();
});

/** A visitor writes into an unassigned conversation of the account, and its notification shows. */
async function notified() {
  const app = sbx.info.apps[0]!;
  const c = [...sbx.store.conversations.values()].find(
    (c) => c.appId === app.id && !c.closed && c.assigneeId === null && c.userReplies > 0 && !c.assistantType,
  )!;
  await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'Can someone help?', from_user: String(c.userId) } });
  await until(() => notifier.shown.some((n) => n.conversationId === c.id), { what: 'the notification' });
  const accountId = accounts.state().accounts.find((a) => a.appId === app.id)!.id;
  return { c, accountId, workspace: accounts.workspaceOf(accountId)! };
}

/** The agent presses a visitor message's button for this action, as the OS reports it: its place among the kind's. */
function press(accountId: string, conversationId: string, action: NotificationAction) {
  const index = visitorMessage.buttons.findIndex((b) => b.action === action);
  return actOnNotification(
    accounts,
    { accountId, conversationId, kind: visitorMessage.name, index },
    silentLogger.scope('notifications'),
  );
}

describe('acting from a notification', () => {
  it('Assign to me goes through the outbox to the server, as the window’s A does', async () => {
    const { c, accountId, workspace } = await notified();
    await press(accountId, c.id, 'assign-to-me');
    await until(() => sbx.store.conversations.get(c.id)!.assigneeId === workspace.options.account.adminId, {
      what: 'the assignment on the server',
    });
  });

  it('Mark as read reads the conversation: it leaves the unread count', async () => {
    const { c, accountId, workspace } = await notified();
    expect(workspace.inbox.row(c.id)!.unread).toBeGreaterThan(0);
    await press(accountId, c.id, 'mark-read');
    expect(workspace.inbox.row(c.id)!.unread).toBe(0);
  });

  it('Snooze for an hour snoozes the conversation as the window’s menu does', async () => {
    const { c, accountId } = await notified();
    await press(accountId, c.id, 'snooze-hour');
    expect((await accounts.handlers['snooze:list'](accountId)).map((s) => s.conversationId)).toContain(c.id);
  });

  it('fails for an account that is gone, so the adapter opens Perch instead', async () => {
    await expect(press('account-00000000000000ff', '1', 'mark-read')).rejects.toThrow();
  });
});
