import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../../src/main/core/api/client';
import { UsersApi } from '../../../src/main/core/api/users-api';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { CountingTransport, sandbox } from '../../support/sandbox';

let sbx: RunningSandbox;
const transport = new CountingTransport();
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(async () => {
  await transport.close();
  await sbx.close();
});

it('names the application as $self_app in every application path: the token decides which one', async () => {
  const app = sbx.info.apps[1]!;
  // No application ID at all: the token alone names it.
  const api = new ApiClient({ baseUrl: sbx.info.baseUrl, token: app.token, transport });
  const users = new UsersApi(api);
  const page = await api.listConversations({ includeNotAssigned: true }, { count: 20 });
  expect(page.items.length).toBeGreaterThan(0);
  expect(page.items.every((c) => sbx.store.conversations.get(c.id)?.appId === app.id)).toBe(true);
  expect((await users.leadsPage({ limit: 2 })).users.length).toBeGreaterThan(0);
  await users.channels();
  await users.activeUsers({ count: 1 });
  const appPaths = transport.requests.map((r) => new URL(r.url).pathname).filter((p) => p.includes('/apps/'));
  expect(appPaths).toHaveLength(4);
  for (const path of appPaths) expect(path).toMatch(/^\/v2\/apps\/\$self_app\//);
});
