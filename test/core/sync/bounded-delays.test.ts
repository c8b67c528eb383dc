import { afterEach, expect, it } from 'vitest';
import { parseRetryAfter, RETRY_AFTER_MAX_MS } from '../../../src/main/core/api/errors';
import { MAX_TIMER_MS, systemClock } from '../../../src/main/core/runtime/clock';
import { InboxSync } from '../../../src/main/core/sync/inbox-sync';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { apiOn, CountingTransport, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

let sbx: RunningSandbox | undefined;
let stop = () => {};
afterEach(async () => {
  stop();
  await sbx?.close();
});

it('caps Retry-After at 10 minutes, in seconds or as a date', () => {
  const now = Date.parse('2026-11-25T00:00:00Z');
  expect(parseRetryAfter('7', now)).toBe(7000);
  expect(parseRetryAfter('3000000', now)).toBe(RETRY_AFTER_MAX_MS);
  expect(parseRetryAfter('Wed, 01 Dec 2027 00:00:00 GMT', now)).toBe(RETRY_AFTER_MAX_MS);
  expect(RETRY_AFTER_MAX_MS).toBe(600_000);
});

it('a timer longer than Node can wait does not fire at once', async () => {
  let fired = 0;
  const handle = systemClock.setTimeout(() => (fired += 1), 30 * 24 * 3600_000);
  await new Promise((resolve) => setTimeout(resolve, 50));
  systemClock.clearTimeout(handle);
  expect(fired).toBe(0);
  expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
});

it('a server asking to wait 35 days is asked again in 10 minutes, not hundreds of times a second', async () => {
  sbx = await sandbox({ conversationsPerApp: 5 });
  const transport = new CountingTransport();
  const clock = new FakeClock();
  const app = sbx.info.apps[0]!;
  const sync = new InboxSync({ api: apiOn(sbx, 0, transport), clock, adminId: app.adminId, intervalMs: 1000 });
  stop = () => sync.stop();
  sbx.faults.settings = { ...sbx.faults.settings, errorRate: 1, errorStatuses: [429], retryAfterSeconds: 3_000_000 };
  sync.start();
  await until(() => sync.health === 'degraded', { what: 'the refused first read' });
  expect(clock.nextDelay()).toBe(RETRY_AFTER_MAX_MS);
  expect(transport.requests).toHaveLength(1);
  sbx.faults.settings = { ...sbx.faults.settings, errorRate: 0 };
  await clock.advance(RETRY_AFTER_MAX_MS);
  await until(() => sync.health === 'ok', { what: 'the read ten minutes later' });
  await transport.close();
});
