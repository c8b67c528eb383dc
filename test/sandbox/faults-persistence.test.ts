import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/server';
import { raw, sandbox } from '../support/sandbox';

let running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.map((s) => s.close()));
  running = [];
});
async function start(options: Parameters<typeof sandbox>[0] = {}) {
  const s = await sandbox(options);
  running.push(s);
  return s;
}

async function control(s: RunningSandbox, path: string, body?: unknown, key = s.info.controlKey) {
  const res = await fetch(`${s.info.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-sandbox-key': key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('faults on demand', () => {
  it('are switched at run time through the control endpoint, which needs its key', async () => {
    const s = await start();
    expect((await control(s, '/_sandbox/faults', { errorRate: 1 }, 'wrong')).status).toBe(403);
    expect((await control(s, '/_sandbox/faults', { errorRate: 2 })).status).toBe(400);
    expect(
      (await control(s, '/_sandbox/faults', { errorRate: 1, errorStatuses: [429], retryAfterSeconds: 3 })).status,
    ).toBe(200);
    const res = await fetch(`${s.info.baseUrl}/apps/101/conversations`, {
      headers: { authorization: `Token ${s.info.apps[0]!.token}` },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(((await res.json()) as any).meta).toMatchObject({ status: 429, error: 'TooManyRequests' });
    await control(s, '/_sandbox/faults', { errorRate: 0 });
    expect((await raw(s, '/apps/101/conversations')).status).toBe(200);
  });

  it('drop the connection without an answer', async () => {
    const s = await start({ faults: { dropRate: 1 } });
    await expect(fetch(`${s.info.baseUrl}/apps/101/conversations`)).rejects.toThrow();
  });

  it('commit a write and then drop its response', async () => {
    const s = await start({ faults: { commitThenDropRate: 1 } });
    const c = [...s.store.conversations.values()].find((x) => x.appId === '101' && !x.closed)!;
    const before = c.parts.length;
    await expect(
      raw(s, `/conversations/${c.id}/reply`, { form: { body: 'did it land?', random_id: '42' } }),
    ).rejects.toThrow();
    expect(c.parts.length).toBe(before + 1);
    expect(c.parts.at(-1)).toMatchObject({ body: 'did it land?', randomId: 42 });
    // Reads are not writes: they are answered.
    expect((await raw(s, `/conversations/${c.id}`)).status).toBe(200);
  });

  it('add latency', async () => {
    const s = await start({ faults: { latencyMs: 120 } });
    const t0 = performance.now();
    await raw(s, '/apps/101/conversations');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
  });

  it('make a scripted visitor write through the control endpoint', async () => {
    const s = await start();
    const c = [...s.store.conversations.values()].find((x) => x.appId === '101')!;
    const res = await control(s, '/_sandbox/visitor-message', { conversationId: c.id, body: 'scripted' });
    expect(res.body.conversationId).toBe(c.id);
    expect(c.parts.at(-1)).toMatchObject({ body: 'scripted', type: 'reply_user' });
  });
});

describe('persistence', () => {
  it('keeps the state and the tokens across a restart', async () => {
    const dataFile = join(await mkdtemp(join(tmpdir(), 'perch-sbx-')), 'state.json');
    const first = await sandbox({ dataFile });
    const c = [...first.store.conversations.values()].find((x) => x.appId === '101' && !x.closed)!;
    const reply = await raw(first, `/conversations/${c.id}/reply`, { form: { body: 'persist me', random_id: '77' } });
    await raw(first, `/conversations/${c.id}/tag`, { form: { action: 'add', tag: 'kept' } });
    const info = first.info;
    await first.close();

    const second = await start({ dataFile, seed: 999 });
    expect(second.info.apps).toEqual(info.apps);
    const got = await raw(second, `/conversations/${c.id}`);
    // The tag came after the reply (a version 2 tag writes a part): the reply is the last reply.
    expect(got.data.reply_last).toMatchObject({ id: reply.data.id, body: 'persist me', random_id: 77 });
    expect(got.data.tags).toContain('kept');
    // New IDs continue after the restored ones.
    const next = await raw(second, `/conversations/${c.id}/reply`, { form: { body: 'after restart' } });
    expect(BigInt(next.data.id)).toBeGreaterThan(BigInt(reply.data.id));
  });
});
