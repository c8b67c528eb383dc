import { beforeEach, describe, expect, it } from 'vitest';
import { Notification, resetElectronDouble } from '../support/electron-double';
import { ElectronNotifier } from '../../src/main/electron/notifications';
import { buttonAction } from '../../src/main/core/notifications/actions';
import { notificationOf } from '../../src/main/core/notifications/kind';
import { visitorMessage } from '../../src/main/core/notifications/kinds/visitor-message';
import { translator } from '../../src/shared/i18n';

beforeEach(() => resetElectronDouble({ platform: 'win32' }));

/** Perch's notifier on Windows, recording what the agent did from a toast. */
function windowsNotifier() {
  const did: string[] = [];
  const notifier = new ElectronNotifier(
    (account, id) => did.push(`open ${account}/${id}`),
    { placeholder: 'Reply…', onReply: (account, id, text) => did.push(`reply ${account}/${id}: ${text}`) },
    'win32',
    (pressed) =>
      did.push(`${buttonAction(pressed.kind, pressed.index)} ${pressed.accountId}/${pressed.conversationId}`),
  );
  notifier.handleActivations(() => did.push('open Perch'));
  return { notifier, did };
}

const toast = {
  ...notificationOf(visitorMessage, { conversationId: '9', title: 'Ava', body: 'Hi', silent: true }, translator('en')),
  accountId: 'demo',
} as const;

describe('notifications on Windows', () => {
  it('a toast that timed out waits in Action Center: a reply or a button there still reaches Perch, once', () => {
    const { notifier, did } = windowsNotifier();
    notifier.show(toast);
    const native = Notification.instances[0]!;
    // The toast's tag names the conversation and the kind: Electron writes it into the buttons' arguments.
    expect(native.id).toBe('demo/9/visitor-message');
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
    Notification.activate({
      type: 'action',
      arguments: 'type=action&action=0&tag=demo/12/snooze-ended',
      actionIndex: 0,
    });
    const { did } = windowsNotifier();
    // The tag names the kind, whose first button is Snooze another hour.
    expect(did).toEqual(['snooze-hour demo/12']);
    // A click on a toast's body carries no arguments: Perch comes forward.
    Notification.activate({ type: 'click', arguments: '' });
    expect(did.at(-1)).toBe('open Perch');
    // Arguments naming no conversation of Perch's act on nothing.
    Notification.activate({ type: 'reply', arguments: 'type=reply&tag=../../etc', reply: 'x' });
    expect(did.at(-1)).toBe('open Perch');
  });
});
