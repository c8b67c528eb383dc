import { chmod, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlainFileStore } from '../../../src/main/core/accounts/credentials';

const folder = () => mkdtemp(join(tmpdir(), 'perch-tokens-'));
const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('the plain token file', () => {
  it('is owner-only after every write, even over a stale world-readable temporary file', async () => {
    const dir = await folder();
    const file = join(dir, 'tokens.plain.json');
    await writeFile(`${file}.tmp`, 'left by a crash');
    await chmod(`${file}.tmp`, 0o644);
    const store = new PlainFileStore(file);
    await store.set('https://api.example.com#1', 'secret-1');
    expect(await modeOf(file)).toBe(0o600);
    await chmod(file, 0o644);
    await writeFile(`${file}.tmp`, '');
    await chmod(`${file}.tmp`, 0o644);
    await store.set('https://api.example.com#2', 'secret-2');
    expect(await modeOf(file)).toBe(0o600);
    expect(await store.get('https://api.example.com#1')).toBe('secret-1');
  });

  it('leaves no copy of a damaged file behind, nor one left by an older run', async () => {
    const dir = await folder();
    const file = join(dir, 'tokens.plain.json');
    await writeFile(`${file}.damaged-1700000000000`, '{"https://old#1":"old-secret"');
    await writeFile(file, '{"https://api.example.com#1":"secret-1"');
    const store = new PlainFileStore(file);
    expect(await store.get('https://api.example.com#1')).toBeNull();
    const left = await readdir(dir);
    expect(left).toEqual([]);
    for (const name of left) expect(await readFile(join(dir, name), 'utf8')).not.toContain('secret');
    await store.set('https://api.example.com#1', 'secret-2');
    expect(await readdir(dir)).toEqual(['tokens.plain.json']);
  });
});
