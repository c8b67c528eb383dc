import { describe, expect, it } from 'vitest';
import {
  applySettingsChange,
  DEFAULT_SETTINGS,
  normalizeSettings,
  withoutAccount,
} from '../../../src/main/core/settings/settings';
import { DEFAULT_ALERT_SETTINGS, DEFAULT_ESCALATION, escalationFor } from '../../../src/shared/alerts';
import { INVOKE } from '../../../src/shared/ipc/channels';

const ACCOUNT = 'account-00000000000000c2';
const now = new Date(2026, 10, 22, 15, 0, 0);

describe('alert settings', () => {
  it('start with sounds, a volume and an escalation that never brings the window forward unasked', () => {
    expect(DEFAULT_SETTINGS.alerts).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(DEFAULT_ESCALATION.bringForwardAfter).toBeNull();
    // Settings kept by a Perch without alerts read with the defaults.
    const { alerts: _none, ...older } = DEFAULT_SETTINGS;
    const { settings, problems } = normalizeSettings(older);
    expect(settings.alerts).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(problems).toEqual([]);
    // A damaged value falls back to the defaults, and says so.
    const damaged = normalizeSettings({ ...DEFAULT_SETTINGS, alerts: { volume: 900 } });
    expect(damaged.settings.alerts).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(damaged.problems).toHaveLength(1);
  });

  it('give an account an escalation of its own from the shared one, and back', () => {
    const own = applySettingsChange(
      DEFAULT_SETTINGS,
      { alerts: { account: ACCOUNT, escalation: { flashAfter: null } } },
      now,
    );
    expect(escalationFor(own.alerts, ACCOUNT)).toEqual({ ...DEFAULT_ESCALATION, flashAfter: null });
    expect(escalationFor(own.alerts, 'account-00000000000000c1')).toEqual(DEFAULT_ESCALATION);
    const shared = applySettingsChange(own, { alerts: { escalation: { repeatSoundEvery: 60 }, volume: 20 } }, now);
    expect(escalationFor(shared.alerts, 'account-00000000000000c1').repeatSoundEvery).toBe(60);
    expect(escalationFor(shared.alerts, ACCOUNT).repeatSoundEvery).toBe(30);
    expect(shared.alerts.volume).toBe(20);
    expect(
      applySettingsChange(shared, { alerts: { account: ACCOUNT, followShared: true } }, now).alerts.accounts,
    ).toBeUndefined();
    // An account signed out forgets its own escalation.
    expect(withoutAccount(shared, ACCOUNT).alerts.accounts).toBeUndefined();
  });

  it('refuses a change main cannot keep: a step too short, an unknown sound, a volume over 100', () => {
    const args = INVOKE['settings:update'].args;
    expect(args.safeParse([{ alerts: { escalation: { repeatSoundEvery: 1 } } }]).success).toBe(false);
    expect(args.safeParse([{ alerts: { sounds: { message: 'siren' } } }]).success).toBe(false);
    expect(args.safeParse([{ alerts: { volume: 101 } }]).success).toBe(false);
    expect(
      args.safeParse([{ alerts: { escalation: { bringForwardAfter: 300 }, sounds: { assigned: 'none' } } }]).success,
    ).toBe(true);
  });
});
