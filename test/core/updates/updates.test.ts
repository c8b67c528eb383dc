import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { FeedUpdater } from '../../../src/main/core/updates/feed-updater';
import { loadUpdatePolicy, NO_POLICY, type UpdatePolicy } from '../../../src/main/core/updates/policy';
import {
  CHECK_INTERVAL_MS,
  UpdateController,
  type PendingWrites,
  type UpdatePreferences,
} from '../../../src/main/core/updates/update-controller';
import { FakeClock } from '../../support/fake-clock';
import { localFeed, type LocalFeed } from '../../support/update-feed';
import { until } from '../../support/until';

const transport = createUndiciTransport({ proxyFromEnv: false });
let feed: LocalFeed;
let dir: string;
let installed: string[];
let controllers: UpdateController[];

beforeEach(async () => {
  feed = await localFeed();
  dir = await mkdtemp(join(tmpdir(), 'perch-updates-'));
  installed = [];
  controllers = [];
});
afterEach(async () => {
  for (const c of controllers) c.stop();
  await feed.close();
});

const noWrites: PendingWrites = { count: () => 0, drain: async () => {} };

function controller(
  options: { policy?: UpdatePolicy; version?: string; writes?: PendingWrites; clock?: FakeClock } = {},
): UpdateController {
  const updater = new FeedUpdater({
    transport,
    platform: 'win32',
    install: (version) => installed.push(version),
    fetchBytes: async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()),
  });
  const c = new UpdateController({
    updater,
    currentVersion: options.version ?? '1.4.0',
    policy: options.policy ?? NO_POLICY,
    feedUrl: feed.url,
    preferences: new JsonFile<UpdatePreferences>(join(dir, 'updates.json')),
    writes: options.writes ?? noWrites,
    clock: options.clock ?? new FakeClock(),
  });
  controllers.push(c);
  return c;
}

describe('Updates against a local generic feed', () => {
  it('finds a newer release with its notes, downloads it on consent and checks its sha512', async () => {
    feed.publish('latest.yml', '1.5.0', 'Faster inbox.\nFixes the tray count.');
    const updates = controller();
    await updates.start();
    expect(updates.state()).toMatchObject({
      phase: 'available',
      version: '1.5.0',
      releaseNotes: 'Faster inbox.\nFixes the tray count.',
    });
    // Nothing is downloaded until the agent agrees.
    expect(feed.requests).toEqual(['latest.yml']);
    await updates.download();
    expect(updates.state().phase).toBe('ready');
    expect(feed.requests).toEqual(['latest.yml', 'Perch-Setup-1.5.0.exe']);
  });

  it('shows release notes written in HTML as their text', async () => {
    feed.publish('latest.yml', '1.5.0', '<p>Faster <b>inbox</b>.</p>\n<ul><li>Fixes &amp; polish</li></ul>');
    const updates = controller();
    await updates.start();
    expect(updates.state().releaseNotes).toBe('Faster inbox.\nFixes & polish');
  });

  it('refuses a download whose bytes do not match the feed', async () => {
    feed.publish('latest.yml', '1.5.0');
    feed.files.set('Perch-Setup-1.5.0.exe', Buffer.from('tampered'));
    const updates = controller();
    await updates.start();
    await updates.download();
    expect(updates.state()).toMatchObject({ phase: 'error', error: 'download' });
  });

  it('an older or the same release is no update', async () => {
    feed.publish('latest.yml', '1.3.9');
    const updates = controller();
    await updates.start();
    expect(updates.state()).toMatchObject({ phase: 'up-to-date', version: null });
    feed.publish('latest.yml', '1.4.0');
    await updates.check();
    expect(updates.state().phase).toBe('up-to-date');
    // A pre-release of the running version is older than it.
    feed.publish('latest.yml', '1.4.0-beta.3');
    await updates.check();
    expect(updates.state().phase).toBe('up-to-date');
  });

  it('downloads by itself when the agent chose automatic downloads', async () => {
    feed.publish('latest.yml', '1.5.0');
    const updates = controller();
    await updates.start();
    await updates.setPreferences({ autoDownload: true });
    expect(updates.state()).toMatchObject({ phase: 'ready', autoDownload: true });
  });

  it('a skipped version is not offered again, across restarts; a later one is', async () => {
    feed.publish('latest.yml', '1.5.0');
    const first = controller();
    await first.start();
    await first.skip();
    expect(first.state()).toMatchObject({ phase: 'up-to-date', skippedVersion: '1.5.0' });
    first.stop();

    const second = controller();
    await second.start();
    expect(second.state()).toMatchObject({ phase: 'up-to-date', skippedVersion: '1.5.0' });
    feed.publish('latest.yml', '1.5.1');
    await second.check();
    expect(second.state()).toMatchObject({ phase: 'available', version: '1.5.1' });
  });

  it('the beta channel reads beta.yml; a policy that pins the channel wins over the agent', async () => {
    feed.publish('latest.yml', '1.4.0');
    feed.publish('beta.yml', '1.5.0-beta.2');
    const updates = controller();
    await updates.start();
    await updates.setPreferences({ channel: 'beta' });
    expect(updates.state()).toMatchObject({ phase: 'available', version: '1.5.0-beta.2', channel: 'beta' });
    expect(feed.requests.filter((p) => p.endsWith('.yml'))).toEqual(['latest.yml', 'beta.yml']);
    updates.stop();

    feed.requests.length = 0;
    const pinned = controller({ policy: { ...NO_POLICY, source: '/etc/perch/perch-policy.json', channel: 'stable' } });
    await pinned.start();
    expect(pinned.state()).toMatchObject({ phase: 'up-to-date', channel: 'stable', managed: { channel: true } });
    expect(feed.requests).toEqual(['latest.yml']);
  });

  it('a policy that turns updates off asks the feed nothing, and an unreadable policy does the same', async () => {
    feed.publish('latest.yml', '2.0.0');
    const policyFile = join(dir, 'perch-policy.json');
    await writeFile(policyFile, JSON.stringify({ updates: { enabled: false } }));
    const off = controller({ policy: await loadUpdatePolicy([join(dir, 'absent.json'), policyFile]) });
    await off.start();
    expect(off.state()).toMatchObject({ phase: 'off', offReason: 'policy', managed: { enabled: true } });
    await off.check();

    await writeFile(policyFile, '{ "updates": { "enabled": "sometimes" } }');
    const damaged = controller({ policy: await loadUpdatePolicy([policyFile]) });
    await damaged.start();
    expect(damaged.state()).toMatchObject({ phase: 'off', offReason: 'policy-damaged' });
    expect(feed.requests).toEqual([]);

    await writeFile(policyFile, JSON.stringify({ updates: { feedUrl: 'http://updates.example.com/' } }));
    expect(await loadUpdatePolicy([policyFile])).toMatchObject({ damaged: true, enabled: false });
  });

  it('checks again every few hours', async () => {
    feed.publish('latest.yml', '1.4.0');
    const clock = new FakeClock();
    const updates = controller({ clock });
    await updates.start();
    expect(updates.state().phase).toBe('up-to-date');
    feed.publish('latest.yml', '1.6.0');
    await clock.advance(CHECK_INTERVAL_MS);
    await until(() => updates.state().phase === 'available', { what: 'the scheduled check' });
    expect(feed.requests.filter((p) => p === 'latest.yml')).toHaveLength(2);
  });
});
