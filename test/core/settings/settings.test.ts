import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  agentSettingsOf,
  applySettingsChange,
  DEFAULT_SETTINGS,
  normalizeSettings,
  SettingsStore,
  type Settings,
} from '../../../src/main/core/settings/settings';
import { JsonFile } from '../../../src/main/core/storage/json-file';

async function fileBackend(initial?: unknown) {
  const file = new JsonFile<unknown>(join(await mkdtemp(join(tmpdir(), 'perch-settings-')), 'settings.json'));
  if (initial !== undefined) await file.write(initial);
  return { file, backend: { read: () => file.read(), write: (s: Settings) => file.write(s) } };
}

describe('settings', () => {
  it('start from the defaults', () => {
    expect(normalizeSettings(undefined)).toEqual({ settings: DEFAULT_SETTINGS, problems: [], migrated: false });
  });

  it('migrate version 1 settings', () => {
    const { settings } = normalizeSettings({ notify: 'off', sound: false, startAtLogin: true });
    expect(settings.version).toBe(2);
    expect(settings.notifications).toMatchObject({ scope: 'none', sound: false });
    expect(settings.startAtLogin).toBe(true);
    expect(settings).not.toHaveProperty('notify');
  });

  it('reset invalid fields to their defaults and say which', () => {
    const { settings, problems } = normalizeSettings({
      version: 2,
      locale: 'klingon',
      shortcut: 42,
      notifications: { scope: 'mine', quietHours: { enabled: true, start: '25:00', end: '08:00' } },
    });
    expect(settings.locale).toBe('auto');
    expect(settings.shortcut).toBe(DEFAULT_SETTINGS.shortcut);
    expect(settings.notifications).toEqual(DEFAULT_SETTINGS.notifications);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['notifications', 'locale', 'shortcut']);
  });

  it('persist updates, refuse invalid ones and keep the last good state', async () => {
    const { file, backend } = await fileBackend({ notify: 'all' });
    const store = new SettingsStore(backend);
    await store.load();
    expect(((await file.read()) as Settings).version).toBe(2);
    const changes: Settings[] = [];
    store.events.on('changed', (s) => changes.push(s));
    await store.update((s) => ({ ...s, theme: 'dark' }));
    expect(((await file.read()) as Settings).theme).toBe('dark');
    await expect(store.update((s) => ({ ...s, theme: 'neon' as never }))).rejects.toThrow();
    expect(store.get().theme).toBe('dark');
    expect(changes).toHaveLength(1);
  });
});

describe('changes from the settings screen', () => {
  it('applies only the fields given, pauses by the clock, and resumes', () => {
    const now = new Date(2026, 10, 22, 15, 0, 0);
    const quiet = applySettingsChange(DEFAULT_SETTINGS, { quietHours: { enabled: true, start: '21:30' } }, now);
    expect(quiet.notifications.quietHours).toEqual({ enabled: true, start: '21:30', end: '08:00' });
    expect(quiet.notifications.scope).toBe(DEFAULT_SETTINGS.notifications.scope);
    const paused = applySettingsChange(quiet, { pause: 'tomorrow', scope: 'mine' }, now);
    expect(paused.notifications.pausedUntil).toBe(new Date(2026, 10, 23, 8, 0, 0).getTime());
    expect(paused.notifications.scope).toBe('mine');
    expect(applySettingsChange(paused, { pause: 'resume' }, now).notifications.pausedUntil).toBeNull();
    expect(agentSettingsOf(paused)).toEqual({
      notifications: paused.notifications,
      locale: 'auto',
      theme: 'system',
      startAtLogin: false,
      startHidden: false,
      shortcut: DEFAULT_SETTINGS.shortcut,
      inboxSort: 'newest',
      zoomPercent: 100,
      spellLanguages: null,
      alerts: DEFAULT_SETTINGS.alerts,
      undoSendSeconds: 5,
    });
    // The language, theme and the inbox's order are main's settings too, changed like the rest.
    const russian = applySettingsChange(paused, { locale: 'ru', theme: 'dark', inboxSort: 'oldest-waiting' }, now);
    expect([russian.locale, russian.theme, russian.notifications.scope]).toEqual(['ru', 'dark', 'mine']);
    expect(agentSettingsOf(russian).inboxSort).toBe('oldest-waiting');
    // Settings kept by an older Perch, without an order, read as newest first.
    const { inboxSort: _none, ...older } = DEFAULT_SETTINGS;
    expect(normalizeSettings(older)).toMatchObject({ settings: { inboxSort: 'newest' }, problems: [] });
    expect(Object.keys(agentSettingsOf(paused))).not.toContain('windowBounds');
    // Undo send: settings of an older Perch hold replies 5 s; 0 turns it off; other values are refused.
    const { undoSendSeconds: _unset, ...beforeUndoSend } = DEFAULT_SETTINGS;
    expect(normalizeSettings(beforeUndoSend)).toMatchObject({ settings: { undoSendSeconds: 5 }, problems: [] });
    expect(applySettingsChange(paused, { undoSendSeconds: 0 }, now).undoSendSeconds).toBe(0);
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, undoSendSeconds: 7 }).problems).toEqual([
      expect.stringContaining('undoSendSeconds'),
    ]);
  });
});
