import { describe, expect, it } from 'vitest';
import {
  inQuietHours,
  suppressedBecause,
  type NotificationSettings,
  type PolicyContext,
} from '../../../src/main/core/notifications/policy';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationFor,
} from '../../../src/main/core/notifications/kinds/visitor-message';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/settings';
import { conversation, ME, part } from '../../support/notification-events';
import { translator } from '../../../src/shared/i18n';
import { pauseUntil, quietUntil } from '../../../src/shared/quiet-hours';
import { applySettingsChange, DEFAULT_SETTINGS } from '../../../src/main/core/settings/settings';

const ACCOUNT = 'account-00000000000000c2';

function context(settings: Partial<NotificationSettings> = {}, extra: Partial<PolicyContext> = {}): PolicyContext {
  return {
    myAdminId: ME,
    lookingAt: null,
    now: new Date(2026, 10, 22, 14, 30),
    settings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...settings },
    t: translator('en'),
    ...extra,
  };
}

describe('notification policy', () => {
  it('notifies for unassigned and mine by default, not for a colleague’s', () => {
    expect(notificationFor({ conversation: conversation(1, null, 'Ava'), part: part('Hi') }, context())).toEqual({
      conversationId: '1',
      title: 'Ava',
      body: 'Hi',
      silent: false,
    });
    expect(notificationFor({ conversation: conversation(1, ME), part: part('Hi') }, context())).not.toBeNull();
    expect(notificationFor({ conversation: conversation(1, '99'), part: part('Hi') }, context())).toBeNull();
  });

  it('follows the chosen scope', () => {
    const e = (assignee: string | null) => ({ conversation: conversation(1, assignee), part: part('x') });
    expect(notificationFor(e('99'), context({ scope: 'all' }))).not.toBeNull();
    expect(notificationFor(e(null), context({ scope: 'mine' }))).toBeNull();
    expect(notificationFor(e(ME), context({ scope: 'mine' }))).not.toBeNull();
    expect(notificationFor(e(ME), context({ scope: 'none' }))).toBeNull();
  });

  it('stays quiet only for the conversation the agent is looking at', () => {
    const e = { conversation: conversation(4, null), part: part('x') };
    expect(notificationFor(e, context({}, { lookingAt: '4' }))).toBeNull();
    expect(notificationFor(e, context({}, { lookingAt: '5' }))).not.toBeNull();
    expect(notificationFor(e, context({}, { lookingAt: null }))).not.toBeNull();
  });

  it('respects a pause, quiet hours and the OS do-not-disturb', () => {
    const e = { conversation: conversation(1, null), part: part('x') };
    const now = new Date(2026, 10, 22, 14, 30);
    expect(notificationFor(e, context({ pausedUntil: now.getTime() + 1000 }, { now }))).toBeNull();
    expect(notificationFor(e, context({ pausedUntil: now.getTime() - 1 }, { now }))).not.toBeNull();
    expect(
      notificationFor(e, context({ quietHours: { enabled: true, start: '14:00', end: '15:00' } }, { now })),
    ).toBeNull();
    expect(notificationFor(e, context({}, { osDoNotDisturb: true }))).toBeNull();
  });

  it('names why a message shows no notification, for the log', () => {
    const now = new Date(2026, 10, 22, 14, 30);
    const c = conversation(4, null);
    expect(suppressedBecause(c, context({}, { lookingAt: '4' }))).toBe('looking-at-it');
    expect(suppressedBecause(c, context({ pausedUntil: now.getTime() + 1000 }, { now }))).toBe('paused');
    expect(suppressedBecause(c, context({}, { osDoNotDisturb: true }))).toBe('do-not-disturb');
    expect(
      suppressedBecause(c, context({ quietHours: { enabled: true, start: '14:00', end: '15:00' } }, { now })),
    ).toBe('quiet-hours');
    expect(suppressedBecause(conversation(4, '99'), context())).toBe('scope');
    expect(suppressedBecause(c, context({ scope: 'none' }))).toBe('muted');
    expect(suppressedBecause(c, context())).toBeNull();
    // The agent chose not to follow the OS's Do Not Disturb.
    expect(suppressedBecause(c, context({ followOsDoNotDisturb: false }, { osDoNotDisturb: true }))).toBeNull();
  });

  it('is silent when sound is off; names anonymous visitors and file-only messages', () => {
    const n = notificationFor(
      {
        conversation: conversation(1, null),
        part: part('', [{ type: 'file', id: '1', filename: '', mime_type: '', size: 1, url: '', created: 1 }]),
      },
      context({ sound: false }),
    );
    expect(n).toEqual({ conversationId: '1', title: 'Visitor #3', body: 'Sent a file', silent: true });
    const named = notificationFor(
      {
        conversation: conversation(1, null),
        part: part('', [
          { type: 'file', id: '1', filename: 'invoice.pdf', mime_type: '', size: 1, url: '', created: 1 },
        ]),
      },
      context(),
    );
    expect(named?.body).toBe('📎 invoice.pdf');
    const ru = notificationFor(
      { conversation: conversation(1, null), part: part('Привет') },
      context({}, { t: translator('ru') }),
    );
    expect(ru?.title).toBe('Посетитель #3');
    // A visitor who left no name, e-mail or phone: their phone, city, or the last digits of a 64-bit ID.
    const visitor = (props: Record<string, unknown>, id = '1160406004324630230') => ({
      ...conversation(1, null),
      user: { ...conversation(1, null).user!, id, props },
    });
    const title = (props: Record<string, unknown>, locale: 'en' | 'ru' = 'en') =>
      notificationFor({ conversation: visitor(props), part: part('Hi') }, context({}, { t: translator(locale) }))
        ?.title;
    expect(title({})).toBe('Visitor #30230');
    expect(title({ $city: 'Toronto' })).toBe('Visitor from Toronto');
    expect(title({ $city: 'Казань' }, 'ru')).toBe('Посетитель, Казань');
    expect(title({ $phone: '+1 416 555 0100', $city: 'Toronto' })).toBe('+1 416 555 0100');
  });

  it('shows the text of a message written in HTML, character references decoded', () => {
    const n = notificationFor(
      { conversation: conversation(1, null, 'Ava'), part: part('<p>Tom &amp; Jerry</p>') },
      context(),
    );
    expect(n?.body).toBe('Tom & Jerry');
  });

  it('shows a spoofing name without its bidi controls, and clips long titles and bodies', () => {
    const spoof = notificationFor(
      {
        conversation: conversation(1, null, 'x\u202EmaeT ytiruceS hcreP'),
        part: part('', [
          { type: 'file', id: '1', filename: 'invoice\u202Efdp.exe', mime_type: '', size: 1, url: '', created: 1 },
        ]),
      },
      context(),
    );
    expect(spoof?.title).toBe('xmaeT ytiruceS hcreP');
    expect(spoof?.body).toBe('📎 invoicefdp.exe');
    const long = notificationFor(
      { conversation: conversation(1, null, 'N'.repeat(300)), part: part('word '.repeat(100)) },
      context(),
    );
    expect([...long!.title]).toHaveLength(NOTIFICATION_TITLE_MAX);
    expect(long!.title.endsWith('…')).toBe(true);
    expect([...long!.body].length).toBeLessThanOrEqual(NOTIFICATION_BODY_MAX);
    expect(long!.body.endsWith('…')).toBe(true);
  });

  it('quiet hours may cross midnight', () => {
    const quiet = { enabled: true, start: '22:00', end: '08:00' };
    expect(inQuietHours(quiet, new Date(2026, 0, 1, 23, 0))).toBe(true);
    expect(inQuietHours(quiet, new Date(2026, 0, 1, 7, 59))).toBe(true);
    expect(inQuietHours(quiet, new Date(2026, 0, 1, 8, 0))).toBe(false);
    expect(inQuietHours({ ...quiet, enabled: false }, new Date(2026, 0, 1, 23, 0))).toBe(false);
  });

  it('Notify anyway ends the quiet hours under way, of every account, until their span ends; the next night is quiet again', () => {
    const quiet = { enabled: true, start: '22:00', end: '08:00' };
    const late = { enabled: true, start: '21:00', end: '09:30' };
    const notifications = { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: quiet };
    const settings = {
      ...DEFAULT_SETTINGS,
      notifications: { ...notifications, accounts: { [ACCOUNT]: { scope: 'all' as const, quietHours: late } } },
    };
    const tonight = new Date(2026, 0, 1, 23, 0);
    expect(quietUntil(settings.notifications, tonight, ['demo'])).toBe(new Date(2026, 0, 2, 8, 0).getTime());
    expect(quietUntil(settings.notifications, tonight, ['demo', ACCOUNT])).toBe(new Date(2026, 0, 2, 9, 30).getTime());

    const anyway = applySettingsChange(settings, { notifyAnyway: true }, tonight).notifications;
    expect(anyway.quietHours).toEqual(quiet);
    expect(anyway.quietHoursOffUntil).toBe(new Date(2026, 0, 2, 9, 30).getTime());
    const c = conversation(4, null);
    expect(suppressedBecause(c, context(anyway, { now: tonight }))).toBeNull();
    expect(quietUntil(anyway, tonight, ['demo', ACCOUNT])).toBeNull();
    // The next night holds notifications again; past its end, a change forgets the ended night.
    const nextNight = new Date(2026, 0, 2, 23, 0);
    expect(suppressedBecause(c, context(anyway, { now: nextNight }))).toBe('quiet-hours');
    expect(
      applySettingsChange({ ...settings, notifications: anyway }, { sound: false }, nextNight).notifications,
    ).not.toHaveProperty('quietHoursOffUntil');
    // Outside quiet hours it changes nothing.
    const noon = new Date(2026, 0, 2, 12, 0);
    expect(applySettingsChange(settings, { notifyAnyway: true }, noon).notifications).not.toHaveProperty(
      'quietHoursOffUntil',
    );
  });

  it('pauses for an hour or until tomorrow morning', () => {
    const now = new Date(2026, 10, 22, 18, 0);
    expect(pauseUntil('hour', now)).toBe(now.getTime() + 3600_000);
    expect(new Date(pauseUntil('tomorrow', now))).toEqual(new Date(2026, 10, 23, 8, 0));
  });

  it('says how long the visitor has waited, once it is a minute or more, in the agent’s language', () => {
    const now = new Date(2026, 10, 22, 14, 30);
    const seconds = Math.floor(now.getTime() / 1000);
    const event = { conversation: conversation(4, null), part: part('Hello?') };
    const waited = (seconds_: number, t = translator('en')) =>
      notificationFor({ ...event, waitingSince: seconds - seconds_ }, context({}, { now, t }))!.waited;
    expect(waited(30)).toBeUndefined();
    expect(waited(4 * 60 + 10)).toBe('waiting 4 min');
    expect(waited(3 * 3600)).toBe('waiting 3 h');
    expect(waited(4 * 60, translator('ru'))).toBe('ждёт 4 мин');
    expect(notificationFor(event, context({}, { now }))!.waited).toBeUndefined();
  });
});
