import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import { checkConnection } from '../../../src/main/core/accounts/connection-check';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { sandbox } from '../../support/sandbox';

let account: RunningSandbox;
let notFoundPage: Server;
const transport = createUndiciTransport({ proxyFromEnv: false });

beforeAll(async () => {
  account = await sandbox();
  // A web server that is not the API: every path is an HTML "not found" or "forbidden" page.
  notFoundPage = createServer((req, res) => {
    const status = req.url?.includes('/users') ? 403 : req.url?.includes('/tag') ? 401 : 404;
    res.writeHead(status, { 'content-type': 'text/html' }).end(`<html><h1>${status}</h1></html>`);
  });
  await new Promise<void>((resolve) => notFoundPage.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await account.close();
  await new Promise((resolve) => notFoundPage.close(resolve));
  await transport.close();
});

describe('the connection check', () => {
  it('says "not the API" for a web page that answers with HTML errors, not "another application"', async () => {
    const url = `http://127.0.0.1:${(notFoundPage.address() as AddressInfo).port}`;
    const app = account.info.apps[0]!;
    expect(await checkConnection({ baseUrl: url, token: app.token, adminId: app.adminId }, transport)).toMatchObject({
      ok: false,
      failure: 'not-api',
    });
    expect(
      await checkConnection({ baseUrl: url, token: app.token, appId: app.id, adminId: app.adminId }, transport),
    ).toMatchObject({ ok: false, failure: 'not-api' });
  });

  it('without an administrator ID, offers the application’s administrators to pick from', async () => {
    const app = account.info.apps[0]!;
    const result = await checkConnection({ baseUrl: account.info.baseUrl, token: app.token }, transport);
    expect(result).toMatchObject({ ok: false, failure: 'choose-admin' });
    const admins = (result as { admins?: { id: string; name: string }[] }).admins ?? [];
    const ofApp = [...account.store.admins.values()].filter((a) => a.appId === app.id);
    expect(admins.map((a) => a.id)).toContain(app.adminId);
    // Only this application's administrators, each with its name.
    for (const admin of admins) expect(ofApp.find((a) => a.id === admin.id)?.name).toBe(admin.name);
  });

  it('refuses an administrator ID that is none of the application’s, unless the agent insists', async () => {
    const app = account.info.apps[0]!;
    const other = account.info.apps[1]!;
    const typo = await checkConnection(
      { baseUrl: account.info.baseUrl, token: app.token, adminId: other.adminId },
      transport,
    );
    expect(typo).toMatchObject({ ok: false, failure: 'unknown-admin' });
    expect((typo as { admins?: { id: number }[] }).admins?.map((a) => a.id)).toContain(app.adminId);
    expect(
      await checkConnection(
        { baseUrl: account.info.baseUrl, token: app.token, adminId: other.adminId, adminUnlisted: true },
        transport,
      ),
    ).toMatchObject({ ok: true, adminId: other.adminId });
    expect(
      await checkConnection({ baseUrl: account.info.baseUrl, token: app.token, adminId: app.adminId }, transport),
    ).toMatchObject({ ok: true, appId: app.id, adminId: app.adminId });
  });
});
