import { beforeEach, describe, expect, it } from 'vitest';
import { Notification, resetElectronDouble } from '../support/electron-double';
import type { NotificationAction } from '../../src/main/core/notifications/actions';
import { ElectronNotifier } from '../../src/main/electron/notifications';

beforeEach(() => resetElectronDouble());

const LABELS: Record<NotificationAction, string> = {
  'assign-to-me': 'Assign to me',
  'mark-read': 'Mark as read',
  'snooze-hour': 'Snooze for an hour',
};

function notifierOn(platform: NodeJS.Platform, acted: [string, string, NotificationAction][]) {
  const notifier = new ElectronNotifier(() => {}, { placeholder: 'Reply…', onReply: () => {} }, platform, {
    label: (action) => LABELS[action],
    onAction: (account, id, action) => void acted.push([account, id, action]),
  });
  notifier.handleActivations(() => {});
  notifier.show({ accountId: 'demo', conversationId: '9', title: 'Ava', body: 'Hi', silent: true });
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

describe("a notification's buttons", () => {
  it.each(['darwin', 'win32'] as const)('on %s: Assign to me, Mark as read and a reply box', (platform) => {
    resetElectronDouble({ platform });
    const acted: [string, string, NotificationAction][] = [];
    const { notifier, native } = notifierOn(platform, acted);
    expect(native.options.actions).toEqual([
      { type: 'button', text: 'Assign to me' },
      { type: 'button', text: 'Mark as read' },
      { type: 'button', text: 'Snooze for an hour' },
    ]);
    expect(native.options.hasReply).toBe(true);
    press(platform, native, 1);
    expect(acted).toEqual([['demo', '9', 'mark-read']]);
    expect(notifier.shownConversations()).toEqual([]);
    const { native: next } = notifierOn(platform, acted);
    press(platform, next, 0);
    press(platform, next, 7);
    expect(acted.at(-1)).toEqual(['demo', '9', 'assign-to-me']);
    expect(acted).toHaveLength(2);
  });

  it('on Linux: no buttons and no reply box; a click opens the conversation as before', () => {
    const { native } = notifierOn('linux', []);
    expect(native.options).not.toHaveProperty('actions');
    expect(native.options).not.toHaveProperty('hasReply');
  });
});
