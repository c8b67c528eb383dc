import { promises as fs } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, errorFields } from '../../../src/main/core/log/logger';
import { RotatingLogFile, type LogFileSystem } from '../../../src/main/core/log/rotating-file';
import { ApiError } from '../../../src/main/core/api/errors';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'perch-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const logIn = (options: Partial<ConstructorParameters<typeof RotatingLogFile>[0]> = {}) => {
  const file = new RotatingLogFile({ path: join(dir, 'logs', 'perch.log'), ...options });
  return { file, logger: createLogger({ sink: file, now: () => Date.UTC(2025, 0, 2, 3, 4, 5) }) };
};

describe('the log file', () => {
  it('writes scoped lines with their safe fields, in order, into a folder it creates', async () => {
    const { file, logger } = logIn();
    const sync = logger.scope('sync');
    for (let i = 0; i < 50; i++) sync.info('health changed', { from: 'ok', to: 'offline', attempt: i });
    logger.scope('outbox').warn('send failed', { id: 'x1', status: 503 });
    await file.flush();
    const lines = (await readFile(join(dir, 'logs', 'perch.log'), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(51);
    expect(lines[0]).toBe('2025-01-02T03:04:05.000Z INFO  sync: health changed from="ok" to="offline" attempt=0');
    expect(lines[49]).toContain('attempt=49');
    expect(lines[50]).toBe('2025-01-02T03:04:05.000Z WARN  outbox: send failed id="x1" status=503');
  });

  it('moves the file aside at its size limit and keeps only the given number of old files', async () => {
    const { file, logger } = logIn({ maxBytes: 2_000, keep: 2 });
    const log = logger.scope('test');
    for (let i = 0; i < 200; i++) {
      log.info('line', { i });
      // Each line its own write, so rotation is met many times.
      if (i % 10 === 0) await file.flush();
    }
    await file.flush();
    const names = (await readdir(join(dir, 'logs'))).sort();
    expect(names).toEqual(['perch.1.log', 'perch.2.log', 'perch.log']);
    for (const name of names) expect((await fs.stat(join(dir, 'logs', name))).size).toBeLessThanOrEqual(2_000);
    const newest = await readFile(join(dir, 'logs', 'perch.log'), 'utf8');
    expect(newest.trimEnd().split('\n').at(-1)).toContain('i=199');
    const older = await readFile(join(dir, 'logs', 'perch.1.log'), 'utf8');
    expect(older).not.toContain('i=199');
  });

  it('keeps tokens and message text out of the file', async () => {
    const { file, logger } = logIn();
    const token = 'tok_9f8e7d6c5b4a39281706';
    logger.addSecret(token);
    const log = logger.scope('api');
    const body = 'Hello, my card number is 4111 1111 1111 1111';
    log.info('reply queued', { conversationId: '42', body, text: body, kind: 'reply', bodyChars: body.length });
    log.warn(`request failed for https://api.example/conversations?auth_token=${token}&x=1`, { status: 401 });
    log.warn('header was', { header: `Authorization: Bearer abc.def.ghi-${token}` });
    log.error('refused', errorFields(new ApiError('auth', `token ${token} refused with auth_token=zzzzzzzz`)));
    log.info(`someone said ${token}`, { note: 'a private note', reason: `Token ${token}` });
    await file.flush();
    const text = await readFile(join(dir, 'logs', 'perch.log'), 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain('card number');
    expect(text).not.toContain('private note');
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain('zzzzzzzz');
    expect(text).toContain('conversationId="42"');
    expect(text).toContain(`bodyChars=${body.length}`);
    expect(text).toContain('kind="auth"');
    expect(text.trimEnd().split('\n')).toHaveLength(5);
  });

  it('never throws into the caller when the disk refuses: lines are dropped, counted, and the count is written later', async () => {
    let refusing = true;
    let attempts = 0;
    let now = 1_000;
    const refusingFs: LogFileSystem = {
      ...fs,
      appendFile: async (path, data) => {
        attempts++;
        if (refusing) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        return fs.appendFile(path, data);
      },
    };
    const file = new RotatingLogFile({ path: join(dir, 'perch.log'), fs: refusingFs, now: () => now });
    const logger = createLogger({ sink: file, now: () => now });
    const log = logger.scope('sync');
    expect(() => {
      for (let i = 0; i < 100; i++) log.info('tick', { i });
    }).not.toThrow();
    await file.flush();
    for (let i = 0; i < 100; i++) {
      log.info('tick', { i });
      await file.flush();
    }
    expect(file.dropped).toBe(200);
    // Refused once, then left alone for a while instead of being tried at each line.
    expect(attempts).toBe(1);

    refusing = false;
    now += 10_000;
    log.info('back');
    await file.flush();
    const text = await readFile(join(dir, 'perch.log'), 'utf8');
    expect(text).toContain('log: 200 lines were dropped');
    expect(text.trimEnd().split('\n').at(-1)).toContain('sync: back');
  });

  it('drops lines beyond its bound while the disk is slow', async () => {
    const file = new RotatingLogFile({ path: join(dir, 'perch.log'), maxPending: 10 });
    const log = createLogger({ sink: file }).scope('x');
    for (let i = 0; i < 30; i++) log.info('burst', { i });
    await file.flush();
    expect(file.dropped).toBeGreaterThan(0);
    expect(file.dropped).toBeLessThan(30);
  });

  it('gives its tail: the last lines, oldest first, across a rotation and within a byte bound', async () => {
    const { file, logger } = logIn({ maxBytes: 1_000 });
    const log = logger.scope('t');
    for (let i = 0; i < 40; i++) {
      log.info('n', { i });
      await file.flush();
    }
    const tail = await logger.tail(20);
    expect(tail).toHaveLength(20);
    expect(tail[0]).toContain('i=20');
    expect(tail[19]).toContain('i=39');
    const small = await logger.tail(20, 200);
    expect(small.length).toBeLessThan(20);
    expect(small.at(-1)).toContain('i=39');
    expect(small.join('\n').length).toBeLessThanOrEqual(200);
  });

  it('gives an empty tail before anything was written', async () => {
    const { logger } = logIn();
    expect(await logger.tail(10)).toEqual([]);
  });
});
