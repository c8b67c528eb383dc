import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Accounts } from '../../../src/main/core/accounts/accounts';
import { dispatchInvoke } from '../../../src/main/core/contract/contract-dispatch';
import { searchFiles } from '../../../src/main/core/search/search-files';
import { SearchStore } from '../../../src/main/core/search/search-store';
import { systemClock } from '../../../src/main/core/runtime/clock';
import { SEARCH_LIMITS } from '../../../src/main/core/search/search-index';
import { accountsOn } from '../../support/accounts';
import { until } from '../../support/until';

const part = (id: string, body: string) => ({ id, body, attachments: [] });

async function started(dataDir?: string) {
  const created = await accountsOn({ prefix: 'perch-search-', dataDir, demo: { seed: 5 } });
  await created.accounts.start();
  await until(() => created.accounts.workspace?.inbox.snapshot().progress.done === true, { what: 'the demo inbox' });
  return created;
}

const searchFor = async (accounts: Accounts, words: unknown) =>
  dispatchInvoke(accounts.handlers, 'search:text', [words]);

describe('the search of what Perch has read', () => {
  it('finds the reply and the note the agent sent after Perch restarts, without opening them again', async () => {
    const first = await started();
    const [replied, noted] = first.accounts.workspace!.inbox.snapshot().rows.filter((r) => !r.closed);
    const reply = { conversationId: replied!.id, body: 'Use the code QUOKKA42 at checkout.', kind: 'reply' as const };
    const note = { conversationId: noted!.id, body: 'Asked about the Wombat plan.', kind: 'note' as const };
    await dispatchInvoke(first.accounts.handlers, 'conversation:reply', ['demo', reply]);
    await dispatchInvoke(first.accounts.handlers, 'conversation:reply', ['demo', note]);
    await until(() => first.accounts.workspace!.outbox.list().length === 0, { what: 'both writes to land' });
    await first.close();

    const second = await started(first.dir);
    try {
      const answer = await searchFor(second.accounts, ['quokka42', 'wombat']);
      expect(answer).toEqual({
        ok: true,
        value: {
          hits: expect.arrayContaining([
            { accountId: 'demo', conversationId: replied!.id, words: 0b01 },
            { accountId: 'demo', conversationId: noted!.id, words: 0b10 },
          ]),
          truncated: false,
        },
      });
    } finally {
      await second.close();
    }
  });

  it('takes only a few lowercase words of bounded length', async () => {
    const { accounts, close } = await started();
    try {
      for (const bad of ['text', ['UPPER'], ['two words'], [''], ['x'.repeat(101)], Array(13).fill('a'), [{}]])
        expect(await searchFor(accounts, bad)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
      expect(await searchFor(accounts, [])).toEqual({ ok: true, value: { hits: [], truncated: false } });
    } finally {
      await close();
    }
  });
});

describe('the search store on disk', () => {
  const storeIn = (dir: string, limits = SEARCH_LIMITS) =>
    new SearchStore({ storage: searchFiles(dir), clock: systemClock, limits });

  it('moves a damaged store aside and starts again empty, still keeping what is read next', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-search-damaged-'));
    await writeFile(join(dir, 'search-index.jsonl'), '{"perchSearch":1}\n["add","demo/1",[1],"oops"\nnot json\n');
    const store = storeIn(dir);
    const problem = await store.load();
    expect(problem?.movedTo).toMatch(/search-index\.jsonl\.damaged-\d+$/);
    expect(store.size).toBe(0);
    store.read('demo', '7', [part('70', '<p>Refund sent</p>')]);
    await store.flush();
    const again = storeIn(dir);
    expect(await again.load()).toBeNull();
    expect(again.search(['refund']).hits).toEqual([{ accountId: 'demo', conversationId: '7', words: 1 }]);
    expect((await readdir(dir)).filter((f) => f.includes('damaged'))).toHaveLength(1);
  });

  it('leaves out a last line a crash cut short, and keeps the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-search-torn-'));
    const store = storeIn(dir);
    await store.load();
    store.read('demo', '1', [part('11', 'first words')]);
    await store.flush();
    const journal = join(dir, 'search-journal.jsonl');
    await writeFile(journal, `${await readFile(journal, 'utf8')}["add","demo/2",["21"],"half`);
    const again = storeIn(dir);
    expect(await again.load()).toBeNull();
    expect(again.search(['first', 'half']).hits).toEqual([{ accountId: 'demo', conversationId: '1', words: 0b01 }]);
  });

  it('forgets the conversations read longest ago beyond its bounds, the same way after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-search-bounds-'));
    const limits = { conversations: 50, conversationChars: 200, totalChars: 3000, hits: 10 };
    const store = storeIn(dir, limits);
    await store.load();
    for (let i = 1; i <= 300; i++)
      store.read('demo', String(i), [part(String(i * 10), `visitor ${i} asked about shipping`)]);
    // A part read again adds nothing; text beyond a conversation's share is not kept.
    store.read('demo', '300', [part('3000', 'again'), part('3001', 'x'.repeat(500))]);
    await store.flush();
    const again = storeIn(dir, limits);
    await again.load();
    for (const kept of [store, again]) {
      expect(kept.size).toBeLessThanOrEqual(50);
      const answer = kept.search(['shipping', 'visitor 1 ']);
      expect(answer.truncated).toBe(true);
      expect(answer.hits.map((h) => h.conversationId)).toEqual(Array.from({ length: 10 }, (_, i) => String(300 - i)));
      expect(kept.search(['visitor 1 ']).hits).toEqual([]);
      expect(kept.search(['xxx']).hits).toEqual([]);
    }
  });
});
