import { afterEach, expect, it } from 'vitest';
import { ApiClient } from '../../../src/main/core/api/client';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import type { HttpRequest, HttpTransport } from '../../../src/main/core/ports';
import { InboxSync } from '../../../src/main/core/sync/inbox-sync';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

/**
 * A proxy that damages every ID of a list while `damaging` is on: a conversation without an ID
 * cannot even be kept in part (test/core/sync/partly-read.test.ts), so each is left out.
 */
class DamagingTransport implements HttpTransport {
  damaging = true;
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });
  async send(request: HttpRequest) {
    const response = await this.inner.send(request);
    if (!this.damaging || !request.url.includes('/conversations?')) return response;
    return { ...response, body: response.body.split('"id":').join('"id":"perhaps","was":') };
  }
  close() {
    return this.inner.close();
  }
}

let sbx: RunningSandbox;
let transport: DamagingTransport;
let sync: InboxSync;
afterEach(async () => {
  sync.stop();
  await transport.close();
  await sbx.close();
});

it('says "degraded", not "ok", while most of the inbox fails its check, and "ok" once it reads again', async () => {
  sbx = await sandbox({ conversationsPerApp: 10 });
  transport = new DamagingTransport();
  const app = sbx.info.apps[0]!;
  const clock = new FakeClock();
  sync = new InboxSync({
    api: new ApiClient({ baseUrl: sbx.info.baseUrl, token: app.token, transport }),
    clock,
    adminId: app.adminId,
    intervalMs: 1000,
  });
  sync.start();
  await until(() => sync.health !== 'starting', { what: 'the first read' });
  expect(sync.health).toBe('degraded');
  expect(sync.snapshot().rows).toEqual([]);
  // Every request worked, yet nothing could be shown: an idle poll keeps the verdict.
  await clock.advance(clock.nextDelay()!);
  await until(() => clock.nextDelay() !== null, { what: 'a quiet poll' });
  expect(sync.health).toBe('degraded');
  // Once the lists read well again, a change shows and the status is "ok".
  transport.damaging = false;
  const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && x.userReplies > 0)!;
  sbx.simulator.writeInto(c, 'Back again');
  await clock.advance(clock.nextDelay()!);
  await until(() => sync.health === 'ok', { what: 'the status to recover' });
  expect(sync.snapshot().rows.map((r) => r.id)).toContain(c.id);
});
