import { beforeEach, describe, expect, it } from 'vitest';
import { calls, electronState, Notification, resetElectronDouble } from '../support/electron-double';
import { ElectronNotifier } from '../../src/main/electron/notifications';
import { until } from '../support/until';

beforeEach(() => resetElectronDouble());

/** A notification of a kind without buttons that offers a reply box. */
const plain = { kind: 'visitor-message', buttons: [], reply: true } as const;

describe('ElectronNotifier', () => {
  it('says how long the visitor has waited before the message', () => {
    const notifier = new ElectronNotifier(() => {});
    const base = { ...plain, accountId: 'demo', title: 'Ava', body: 'Hello?', silent: false };
    notifier.show({ ...base, conversationId: '7', waited: 'waiting 4 min' });
    notifier.show({ ...base, conversationId: '8' });
    expect(Notification.instances.map((n) => n.options.body)).toEqual(['waiting 4 min · Hello?', 'Hello?']);
  });

  it('keeps one notification per conversation, replaced in place, and reports clicks', () => {
    const clicked: [string, string][] = [];
    const notifier = new ElectronNotifier((account, id) => clicked.push([account, id]));
    notifier.show({ ...plain, accountId: 'demo', conversationId: '7', title: 'Ava', body: 'Hi', silent: false });
    notifier.show({ ...plain, accountId: 'demo', conversationId: '7', title: 'Ava', body: 'Hello?', silent: true });
    // The same conversation ID in another account is another conversation: its own notification.
    notifier.show({
      ...plain,
      accountId: 'account-00000000000000a1',
      conversationId: '7',
      title: 'Bo',
      body: 'Yo',
      silent: true,
    });
    const [first, second, other] = Notification.instances;
    expect(first!.closed).toBe(true);
    expect(second!.shown).toBe(true);
    expect(other!.closed).toBeFalsy();
    expect(second!.options).toEqual({ title: 'Ava', body: 'Hello?', silent: true });
    expect(notifier.shownConversations()).toEqual(['demo/7', 'account-00000000000000a1/7']);
    other!.emit('click');
    second!.emit('click');
    expect(clicked).toEqual([
      ['account-00000000000000a1', '7'],
      ['demo', '7'],
    ]);
  });

  it('takes a reply typed in the notification where the platform offers it', () => {
    resetElectronDouble({ platform: 'darwin' });
    const replies: [string, string, string][] = [];
    const notifier = new ElectronNotifier(
      () => {},
      { placeholder: 'Reply…', onReply: (account, id, text) => replies.push([account, id, text]) },
      'darwin',
    );
    notifier.show({ ...plain, accountId: 'demo', conversationId: '9', title: 'Ava', body: 'Hi', silent: false });
    const native = Notification.instances[0]!;
    expect(native.options).toMatchObject({ hasReply: true, replyPlaceholder: 'Reply…' });
    native.emit('reply', {}, 'On it!');
    native.emit('reply', {}, '   ');
    // Electron 45 gives the text in the event's details; the second argument is deprecated.
    native.emit('reply', { reply: 'Done' });
    expect(replies).toEqual([
      ['demo', '9', 'On it!'],
      ['demo', '9', 'Done'],
    ]);
    electronState.platform = 'linux';
    new ElectronNotifier(() => {}, { placeholder: 'x', onReply: () => {} }, 'linux').show({
      ...plain,
      accountId: 'demo',
      conversationId: '1',
      title: 't',
      body: 'b',
      silent: false,
    });
    // Not even asked for: Electron would drop it on Linux without a word.
    expect(calls.ignoredOptions).toEqual([]);
    expect(Notification.instances[1]!.options).not.toHaveProperty('hasReply');
    electronState.platform = 'darwin';
    // A kind without a reply box has none where the platform offers one.
    notifier.show({
      ...plain,
      reply: false,
      accountId: 'demo',
      conversationId: '2',
      title: 't',
      body: 'b',
      silent: false,
    });
    expect(Notification.instances[2]!.options).not.toHaveProperty('hasReply');
  });

  it('closes the notifications of an account Perch no longer holds', () => {
    const notifier = new ElectronNotifier(() => {});
    notifier.show({ ...plain, accountId: 'demo', conversationId: '1', title: 'a', body: 'b', silent: true });
    notifier.show({
      ...plain,
      accountId: 'account-00000000000000a1',
      conversationId: '1',
      title: 'c',
      body: 'd',
      silent: true,
    });
    notifier.keepAccounts(['demo']);
    expect(Notification.instances[1]!.closed).toBe(true);
    expect(Notification.instances[0]!.closed).toBeFalsy();
    expect(notifier.shownConversations()).toEqual(['demo/1']);
  });

  it('hears the system refuse a notification (an unsigned macOS build): each reason once, nothing kept on screen', async () => {
    resetElectronDouble({ platform: 'darwin' });
    Notification.failWith = 'Notifications are not allowed for this application';
    const notifier = new ElectronNotifier(() => {}, undefined, 'darwin');
    const refused: string[] = [];
    notifier.onRefused((reason) => refused.push(reason));
    notifier.show({ ...plain, accountId: 'demo', conversationId: '1', title: 'a', body: 'b', silent: true });
    notifier.show({ ...plain, accountId: 'demo', conversationId: '2', title: 'c', body: 'd', silent: true });
    await until(() => notifier.shownConversations().length === 0, { what: 'the refusals' });
    expect(refused).toEqual(['Notifications are not allowed for this application']);
  });

  it('does nothing where notifications are not supported', () => {
    Notification.supported = false;
    new ElectronNotifier(() => {}).show({
      ...plain,
      accountId: 'demo',
      conversationId: '1',
      title: 'x',
      body: 'y',
      silent: false,
    });
    expect(Notification.instances).toHaveLength(0);
  });
});
