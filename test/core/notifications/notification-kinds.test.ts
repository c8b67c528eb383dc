import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AlertRecord } from '../../../src/main/core/alerts/alert-record';
import { createLogger, memorySink } from '../../../src/main/core/log/logger';
import { actOnNotification, buttonAction, type NotifiedAccounts } from '../../../src/main/core/notifications/actions';
import { VisitorNotifications } from '../../../src/main/core/notifications/deliver';
import type { NotificationContext, NotificationKind } from '../../../src/main/core/notifications/kind';
import { snoozeEnded } from '../../../src/main/core/notifications/kinds/snooze-ended';
import type { AccountNotification } from '../../../src/main/core/ports';
import type { Locale } from '../../../src/shared/i18n';
import { DEFAULT_ALERT_SETTINGS } from '../../../src/shared/alerts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/settings';
import { conversation, ME, part } from '../../support/notification-events';

const ACCOUNT = 'account-00000000000000c2';

function context(locale: Locale = 'en'): NotificationContext {
  return {
    accountId: ACCOUNT,
    accountLabel: null,
    locale,
    settings: DEFAULT_NOTIFICATION_SETTINGS,
    alerts: DEFAULT_ALERT_SETTINGS,
    myAdminId: ME,
    lookingAt: null,
    osDoNotDisturb: false,
    now: new Date(2026, 10, 22, 14, 30),
  };
}

/** One account's notifications, as the Notifier receives them. */
function delivered() {
  const shown: AccountNotification[] = [];
  const notifications = new VisitorNotifications({
    notifier: { show: (n) => void shown.push(n) },
    inbox: { row: () => undefined },
    alerts: new AlertRecord(),
    alerting: null,
    log: createLogger({ sink: memorySink() }).scope('notify'),
  });
  return { shown, notifications };
}

const ended = { conversationId: '12', until: 0, note: '', seenPart: null, because: 'time' } as const;

describe("each kind's buttons", () => {
  it('a visitor message: a reply box, then Assign to me, Mark as read, Snooze for an hour, in the agent’s language', () => {
    const { shown, notifications } = delivered();
    notifications.visitorMessage({ conversation: conversation(1, null, 'Ava'), part: part('Hi') }, context());
    expect(shown[0]).toMatchObject({
      kind: 'visitor-message',
      reply: true,
      buttons: [
        { action: 'assign-to-me', label: 'Assign to me' },
        { action: 'mark-read', label: 'Mark as read' },
        { action: 'snooze-hour', label: 'Snooze for an hour' },
      ],
    });
    notifications.visitorMessage(
      { conversation: conversation(2, null, 'Ava'), part: { ...part('Привет'), id: '501' } },
      context('ru'),
    );
    expect(shown[1]!.buttons.map((b) => b.label)).toEqual(['Назначить мне', 'Прочитано', 'Отсрочить на час']);
  });

  it('a snooze that ran out: Snooze another hour and Mark as read, no reply box', () => {
    const { shown, notifications } = delivered();
    notifications.show(snoozeEnded, ended, context());
    expect(shown).toEqual([
      expect.objectContaining({
        kind: 'snooze-ended',
        accountId: ACCOUNT,
        conversationId: '12',
        reply: false,
        buttons: [
          { action: 'snooze-hour', label: 'Snooze another hour' },
          { action: 'mark-read', label: 'Mark as read' },
        ],
      }),
    ]);
    // A visitor writing ends a snooze with a notification of its own: this kind shows none then.
    notifications.show(snoozeEnded, { ...ended, because: 'visitor' }, context());
    expect(shown).toHaveLength(1);
  });

  it('a pressed button is the Nth of its kind; any other is none', () => {
    expect(buttonAction('visitor-message', 0)).toBe('assign-to-me');
    expect(buttonAction('visitor-message', 2)).toBe('snooze-hour');
    expect(buttonAction('snooze-ended', 0)).toBe('snooze-hour');
    expect(buttonAction('snooze-ended', 1)).toBe('mark-read');
    expect(buttonAction('snooze-ended', 2)).toBeNull();
    expect(buttonAction('snooze-ended', -1)).toBeNull();
    expect(buttonAction('visitor-message', 0.5)).toBeNull();
    expect(buttonAction('toString', 0)).toBeNull();
    expect(buttonAction('no-such-kind', 0)).toBeNull();
  });
});

describe('a button not of its kind', () => {
  it('is refused and logged: nothing is done to the conversation', async () => {
    const done: string[] = [];
    const accounts: NotifiedAccounts = {
      handlers: {
        'conversation:mark-read': async () => (done.push('read'), null),
        'conversation:assign': async () => (done.push('assign'), null as never),
      },
      workspaceOf: () => ({
        alertDismissed: () => void done.push('dismissed'),
        snoozeFromNotification: async () => void done.push('snooze'),
        options: { account: { adminId: ME } },
      }),
    };
    const sink = memorySink();
    const log = createLogger({ sink }).scope('notify');
    const press = (kind: string, index: number) =>
      actOnNotification(accounts, { accountId: ACCOUNT, conversationId: '12', kind, index }, log);
    await expect(press('snooze-ended', 2)).rejects.toThrow();
    await expect(press('no-such-kind', 0)).rejects.toThrow();
    expect(done).toEqual([]);
    expect(sink.lines.filter((line) => line.includes('notification button refused'))).toHaveLength(2);
    await press('snooze-ended', 0);
    expect(done).toEqual(['dismissed', 'snooze']);
  });
});

describe('every kind in kinds/', () => {
  it('is found by its name when one of its buttons is pressed', async () => {
    const folder = join(__dirname, '../../../src/main/core/notifications/kinds');
    const kinds: NotificationKind<never>[] = [];
    for (const file of readdirSync(folder)) {
      const module = (await import(join(folder, file))) as Record<string, unknown>;
      for (const value of Object.values(module))
        if (typeof value === 'object' && value !== null && 'wording' in value && 'buttons' in value)
          kinds.push(value as NotificationKind<never>);
    }
    expect(kinds.map((k) => k.name)).toEqual(expect.arrayContaining(['snooze-ended', 'visitor-message']));
    for (const kind of kinds)
      expect(kind.buttons.map((_, i) => buttonAction(kind.name, i))).toEqual(kind.buttons.map((b) => b.action));
  });
});
