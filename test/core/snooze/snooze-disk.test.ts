import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SNOOZE_CHECK_MS, Snoozes, type SnoozeFile } from '../../../src/main/core/snooze/snoozes';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import type { SnoozeReturned } from '../../../src/shared/snooze';
import { FakeClock, settle } from '../../support/fake-clock';
import { until } from '../../support/until';

/** A snoozes file whose disk refuses writes while `refusing` is set. */
async function flakyFile() {
  const path = join(await mkdtemp(join(tmpdir(), 'perch-snoozes-')), 'snoozes-1.json');
  const file = new JsonFile<SnoozeFile>(path);
  const state = { refusing: false, refused: 0 };
  const write = file.write.bind(file);
  file.write = (value) => {
    if (!state.refusing) return write(value);
    state.refused++;
    return Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
  };
  return { path, file, state };
}

/** Waits for the file on disk to hold no snooze. */
const emptied = (path: string) =>
  until(async () => (JSON.parse(await readFile(path, 'utf8')) as unknown[]).length === 0, {
    ms: 3000,
    what: 'the return to be written',
  });

/** Snoozes started on a file (or the file at a path), with the returns they announce. */
async function started(source: string | JsonFile<SnoozeFile>, clock: FakeClock) {
  const file = typeof source === 'string' ? new JsonFile<SnoozeFile>(source) : source;
  const snoozes = new Snoozes({ file, clock });
  const returned: SnoozeReturned[] = [];
  snoozes.events.on('returned', (r) => void returned.push(r));
  await snoozes.load();
  snoozes.start();
  await settle();
  return { snoozes, returned };
}

describe('a snooze return the disk refused', () => {
  it('is written again once the disk takes it, and does not return after a restart', async () => {
    const clock = new FakeClock();
    const { path, file, state } = await flakyFile();
    const { snoozes, returned } = await started(file, clock);
    await snoozes.snooze('7', clock.now() + 60_000);

    state.refusing = true;
    await clock.advance(60_000);
    expect(returned.map((r) => r.conversationId)).toEqual(['7']);
    expect(state.refused).toBe(1);

    // The disk is back: the next look at the clock writes what it refused.
    state.refusing = false;
    await clock.advance(SNOOZE_CHECK_MS);
    await emptied(path);
    snoozes.stop();

    const again = await started(path, clock);
    expect(again.snoozes.list()).toEqual([]);
    expect(again.returned).toEqual([]);
    again.snoozes.stop();
  });

  it('is written on the way out when the disk is back by then', async () => {
    const clock = new FakeClock();
    const { path, file, state } = await flakyFile();
    const { snoozes } = await started(file, clock);
    await snoozes.snooze('7', clock.now() + 60_000);

    state.refusing = true;
    await clock.advance(60_000);
    state.refusing = false;
    snoozes.stop();
    await snoozes.flush();

    const again = await started(path, clock);
    expect(again.returned).toEqual([]);
    again.snoozes.stop();
  });

  it('keeps trying while the disk refuses, without a second notice', async () => {
    const clock = new FakeClock();
    const { path, file, state } = await flakyFile();
    const { snoozes, returned } = await started(file, clock);
    await snoozes.snooze('7', clock.now() + 60_000);

    state.refusing = true;
    await clock.advance(60_000 + 3 * SNOOZE_CHECK_MS);
    expect(state.refused).toBe(4);
    expect(returned).toHaveLength(1);
    state.refusing = false;
    await clock.advance(SNOOZE_CHECK_MS);
    await emptied(path);
    expect(clock.pending).toBe(0);
    snoozes.stop();

    const again = await started(path, clock);
    expect(again.returned).toEqual([]);
    again.snoozes.stop();
  });
});
