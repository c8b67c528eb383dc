import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SNOOZES, Snoozes, type SnoozeFile } from '../../../src/main/core/snooze/snoozes';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { FakeClock } from '../../support/fake-clock';

describe('a snoozes file of 200,000 entries', () => {
  it('is cut to the bound and moved aside; starting and snoozing still work', async () => {
    const clock = new FakeClock();
    const path = join(await mkdtemp(join(tmpdir(), 'perch-snoozes-')), 'snoozes-1.json');
    const far = clock.now() + 3_600_000;
    const entries = Array.from({ length: 200_000 }, (_, i) => ({
      conversationId: String(i + 1),
      until: far + i,
      note: '',
      seenPart: null,
    }));
    await writeFile(path, JSON.stringify(entries));
    const snoozes = new Snoozes({ file: new JsonFile<SnoozeFile>(path), clock });
    const problem = await snoozes.load();
    expect(problem).toMatchObject({ kept: MAX_SNOOZES, total: 200_000 });
    expect(() => snoozes.start()).not.toThrow();
    expect(clock.nextDelay()).toBe(30_000);
    // Full: a new snooze is refused with a sentence; snoozing one already snoozed again is not.
    await expect(snoozes.snooze('999999999', far)).rejects.toThrow(/at most 10,000 conversations/);
    await snoozes.snooze('1', far + 5);
    expect(snoozes.list()).toHaveLength(MAX_SNOOZES);
    expect(JSON.parse(await readFile(path, 'utf8'))).toHaveLength(MAX_SNOOZES);
    snoozes.stop();
  });
});
