import { beforeEach, describe, expect, it } from 'vitest';
import { calls, Notification, resetElectronDouble } from '../support/electron-double';
import { buttonAction } from '../../src/main/core/notifications/actions';
import { notificationOf, type NotificationKind } from '../../src/main/core/notifications/kind';
import { snoozeEnded } from '../../src/main/core/notifications/kinds/snooze-ended';
import { visitorMessage } from '../../src/main/core/notifications/kinds/visitor-message';
import { ElectronNotifier } from '../../src/main/electron/notifications';
import { translator } from '../../src/shared/i18n';

beforeEach(() => resetElectronDouble());

const wording = { conversationId: '9', title: 'Ava', body: 'Hi', silent: true };

/** Perch's notifier on a platform, showing one notification of a kind, each pressed button run as its kind's action. */
function notifierOn(platform: NodeJS.Platform, kind: NotificationKind<never>, acted: string[]) {
  const notifier = new ElectronNotifier(
    () => {},
    { placeholder: 'Reply…', onReply: () => {} },
    platform,
    (pressed) =>
      acted.push(`${pressed.accountId}/${pressed.conversationId} ${buttonAction(pressed.kind, pressed.index)}`),
  );
  notifier.handleActivations(() => {});
  notifier.show({ ...notificationOf(kind, wording, translator('en')), accountId: 'demo' });
  return { notifier, native: Notification.instances.at(-1)! };
}

/** The agent presses a button: macOS tells the notification; Windows activates Perch with the toast's arguments. */
function press(platform: NodeJS.Platform, native: Notification, index: number) {
  if (platform === 'win32')
    Notification.activate({
      type: 'action',
      arguments: `type=action&action=${index}&tag=${native.id}`,
      actionIndex: index,
    });
  // Electron passes the index in the event's details (and, deprecated, as a second argument).
  else native.emit('action', { actionIndex: index }, index);
}

describe("a notification's buttons are its kind's", () => {
  it.each(['darwin', 'win32'] as const)('on %s: a visitor message has a reply box and three buttons', (platform) => {
    resetElectronDouble({ platform });
    const acted: string[] = [];
    const { notifier, native } = notifierOn(platform, visitorMessage, acted);
    expect(native.options.actions).toEqual([
      { type: 'button', text: 'Assign to me' },
      { type: 'button', text: 'Mark as read' },
      { type: 'button', text: 'Snooze for an hour' },
    ]);
    expect(native.options.hasReply).toBe(true);
    press(platform, native, 1);
    expect(acted).toEqual(['demo/9 mark-read']);
    expect(notifier.shownConversations()).toEqual([]);
    const { native: next } = notifierOn(platform, visitorMessage, acted);
    press(platform, next, 2);
    expect(acted.at(-1)).toBe('demo/9 snooze-hour');
  });

  it.each(['darwin', 'win32'] as const)('on %s: a snooze that ran out has its own two and no reply box', (platform) => {
    resetElectronDouble({ platform });
    const acted: string[] = [];
    const { native } = notifierOn(platform, snoozeEnded, acted);
    expect(native.options.actions).toEqual([
      { type: 'button', text: 'Snooze another hour' },
      { type: 'button', text: 'Mark as read' },
    ]);
    expect(native.options).not.toHaveProperty('hasReply');
    press(platform, native, 0);
    expect(acted).toEqual(['demo/9 snooze-hour']);
    // A button the kind does not have reaches the core as pressed, which refuses it.
    const { native: next } = notifierOn(platform, snoozeEnded, acted);
    press(platform, next, 2);
    expect(acted.at(-1)).toBe('demo/9 null');
  });

  it('on Linux: no buttons and no reply box; a click opens the conversation as before', () => {
    const { native } = notifierOn('linux', visitorMessage, []);
    expect(native.options).not.toHaveProperty('actions');
    expect(native.options).not.toHaveProperty('hasReply');
    // Nor asked for: Electron would drop them there without a word.
    expect(calls.ignoredOptions).toEqual([]);
  });
});
