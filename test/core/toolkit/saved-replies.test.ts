import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SavedReplies } from '../../../src/main/core/toolkit/saved-replies';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import type { SavedReply } from '../../../src/shared/saved-replies';

async function store() {
  const dir = await mkdtemp(join(tmpdir(), 'perch-saved-'));
  const path = join(dir, 'saved-replies.json');
  return { path, open: () => new SavedReplies(new JsonFile<SavedReply[]>(path)) };
}

const greeting = { title: 'Greeting', body: 'Hi {{visitor.name|there}}!', accountId: null, buttons: [] };

describe('saved replies in main', () => {
  it('are created, edited, removed and kept across restarts', async () => {
    const { open } = await store();
    const replies = open();
    const [created] = await replies.save(greeting);
    await replies.save({
      title: 'Pricing',
      body: 'See our plans',
      accountId: 'demo',
      buttons: [{ type: 'quick_reply', body: 'Show me' }],
    });
    await replies.save({ ...greeting, id: created!.id, body: 'Hello {{visitor.name|there}}!' });
    const after = await open().list();
    expect(after.map((r) => [r.title, r.body, r.accountId])).toEqual([
      ['Greeting', 'Hello {{visitor.name|there}}!', null],
      ['Pricing', 'See our plans', 'demo'],
    ]);
    expect(after[1]!.buttons).toEqual([{ type: 'quick_reply', body: 'Show me' }]);
    await open().remove(created!.id);
    expect((await open().list()).map((r) => r.title)).toEqual(['Pricing']);
  });

  it('export a file that imports into another Perch', async () => {
    const first = (await store()).open();
    await first.save(greeting);
    const text = await first.exportText();
    const second = (await store()).open();
    expect(await second.importText(text)).toMatchObject({ ok: true, added: 1, replaced: 0 });
    expect(await second.importText(text)).toMatchObject({ ok: true, added: 0, replaced: 1 });
    expect((await second.list()).map((r) => r.body)).toEqual([greeting.body]);
  });

  it.each([
    ['not JSON', '{"perch": "saved-replies", "version": 1, "replies": [', 'not-json'],
    ['another file', '{"accounts": []}', 'not-saved-replies'],
    ['a damaged reply', JSON.stringify({ perch: 'saved-replies', version: 1, replies: [{ title: 'x' }] }), 'damaged'],
    [
      'a hostile field',
      JSON.stringify({
        perch: 'saved-replies',
        version: 1,
        replies: [{ ...greeting, buttons: [{ type: 'link', body: 'x', url: 'javascript:alert(1)' }] }],
      }),
      'damaged',
    ],
    ['a huge file', 'x'.repeat(2_000_001), 'too-big'],
    [
      'too many replies',
      JSON.stringify({
        perch: 'saved-replies',
        version: 1,
        replies: Array.from({ length: 501 }, (_, i) => ({ ...greeting, title: `r${i}` })),
      }),
      'too-many',
    ],
  ])('refuse %s and change nothing', async (_what, text, problem) => {
    const { path, open } = await store();
    const replies = open();
    await replies.save(greeting);
    const before = await readFile(path, 'utf8');
    expect(await replies.importText(text)).toEqual({ ok: false, problem });
    expect(await readFile(path, 'utf8')).toBe(before);
    expect((await open().list()).map((r) => r.title)).toEqual(['Greeting']);
  });

  it('start empty from a damaged file, and keep working', async () => {
    const { path, open } = await store();
    await writeFile(path, '{nope');
    const replies = open();
    expect(await replies.list()).toEqual([]);
    expect(await replies.save(greeting)).toHaveLength(1);
  });
});
