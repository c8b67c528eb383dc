import { beforeEach, describe, expect, it } from 'vitest';
import { Notification, resetElectronDouble } from '../support/electron-double';
import { ElectronNotifier } from '../../src/main/electron/notifications';

beforeEach(() => resetElectronDouble({ platform: 'win32' }));

/** Perch's notifier on Windows, recording what the agent did from a toast. */
function windowsNotifier() {
  const did: string[] = [];
  const notifier = new ElectronNotifier(
    (account, id) => did.push(`open ${account}/${id}`),
    { placeholder: 'Reply…', onReply: (account, id, text) => did.push(`reply ${account}/${id}: ${text}`) },
    'win32',
    { label: (action) => action, onAction: (account, id, action) => did.push(`${action} ${account}/${id}`) },
  );
  notifier.handleActivations(() => did.push('open Perch'));
  return { notifier, did };
}

const toast = { accountId: 'demo', conversationId: '9', title: 'Ava', body: 'Hi', silent: true } as const;

describe('notifications on Windows', () => {
  it('a toast that timed out waits in Action Center: a reply or a button there still reaches Perch, once', () => {
    const { notifier, did } = windowsNotifier();
    notifier.show(toast);
    const native = Notification.instances[0]!;
    // The toast's tag names the conversation: Electron writes it into the buttons' arguments.
    expect(native.id).toBe('demo/9');
    native.timeOut();
    expect(notifier.shownConversations()).toEqual(['demo/9']);
    Notification.activate({ type: 'reply', arguments: `type=reply&tag=${native.id}`, reply: 'On it!' });
    expect(did).toEqual(['reply demo/9: On it!']);
    notifier.show(toast);
    const next = Notification.instances[1]!;
    Notification.activate({ type: 'action', arguments: `type=action&action=1&tag=${next.id}`, actionIndex: 1 });
    expect(did).toEqual(['reply demo/9: On it!', 'mark-read demo/9']);
  });

  it('a toast from before Perch restarted still opens its conversation, or at least Perch', () => {
    // Action Center keeps toasts across restarts; Electron hands the activation to the first handler.
    Notification.activate({ type: 'action', arguments: 'type=action&action=0&tag=demo/12', actionIndex: 0 });
    const { did } = windowsNotifier();
    expect(did).toEqual(['assign-to-me demo/12']);
    // A click on a toast's body carries no arguments: Perch comes forward.
    Notification.activate({ type: 'click', arguments: '' });
    expect(did.at(-1)).toBe('open Perch');
    // Arguments naming no conversation of Perch's act on nothing.
    Notification.activate({ type: 'reply', arguments: 'type=reply&tag=../../etc', reply: 'x' });
    expect(did.at(-1)).toBe('open Perch');
  });
});
