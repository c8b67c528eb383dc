// The bad-input run's part about inputs whose cost must stay bounded: a visitor name the
// saved-reply variables rescan on each keystroke, a snoozes file of 200,000 entries, a long
// update feed, and IDs past 64 bits. Each prints its CPU time against its bound.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_SNOOZES, Snoozes, type SnoozeFile } from '../src/main/core/snooze/snoozes';
import { JsonFile } from '../src/main/core/storage/json-file';
import { parseFeed } from '../src/main/core/updates/feed';
import { isId } from '../src/shared/api/ids';
import { fillTemplate, unfilledVariables } from '../src/shared/reply-template';
import { FakeClock } from '../test/support/fake-clock';
import { costOf } from './support';

type Recorder = (area: string, name: string, clearError: boolean, unchanged: boolean, detail: string) => void;

export async function costCases(record: Recorder): Promise<void> {
  {
    const name = `{{${' '.repeat(996)}x`;
    const values = { visitor: { name }, agent: { name: 'Oleg' } };
    const cost = await costOf(async () => {
      let text = fillTemplate('Hi {{visitor.name|there}}', values).text;
      for (let key = 0; key < 20; key++) unfilledVariables((text += 'a'));
      return text;
    });
    record(
      'cost',
      'visitor name {{ + 996 spaces, 20 keystrokes',
      cost.cpu < 0.05,
      cost.result.startsWith(`Hi ${name}`),
      `${(cost.cpu * 1000).toFixed(1)} CPU ms (bound 50)`,
    );
  }
  {
    const clock = new FakeClock();
    const path = join(await mkdtemp(join(tmpdir(), 'perch-bad-snoozes-')), 'snoozes-1.json');
    const far = clock.now() + 3_600_000;
    const entries = Array.from({ length: 200_000 }, (_, i) => ({
      conversationId: String(i + 1),
      until: far + i,
      note: '',
      seenPart: null,
    }));
    await writeFile(path, JSON.stringify(entries));
    const snoozes = new Snoozes({ file: new JsonFile<SnoozeFile>(path), clock });
    const cost = await costOf(async () => {
      try {
        const problem = await snoozes.load();
        snoozes.start();
        await snoozes.snooze('1', far + 5);
        return { problem, error: null };
      } catch (error) {
        return { problem: null, error: String(error) };
      }
    });
    snoozes.stop();
    const { problem, error } = cost.result;
    record(
      'cost',
      'snoozes file of 200,000 entries',
      error === null && problem?.kept === MAX_SNOOZES && cost.cpu < 3,
      snoozes.list().length === MAX_SNOOZES,
      error ?? `kept ${problem?.kept} of ${problem?.total}, ${cost.cpu.toFixed(2)} CPU s (bound 3)`,
    );
  }
  {
    const keys = Array.from({ length: 30_000 }, (_, i) => `k${i}:`).join('\n');
    const feed = `version: 1.2.3\npath: Perch.exe\nsha512: abc\n${keys}\n`;
    const cost = await costOf(async () => parseFeed(feed));
    record(
      'cost',
      `update feed of ${Math.round(feed.length / 1024)} KB of keys without values`,
      cost.cpu < 0.5,
      cost.result.version === '1.2.3',
      `${(cost.cpu * 1000).toFixed(0)} CPU ms (bound 500)`,
    );
  }
  {
    const past = ['18446744073709551616', '99999999999999999999'];
    record(
      'cost',
      'IDs of 20 digits past 2^64 − 1',
      past.every((id) => !isId(id)),
      isId('18446744073709551615'),
      past.map((id) => `${id}: ${isId(id) ? 'accepted!' : 'refused'}`).join(', '),
    );
  }
}
