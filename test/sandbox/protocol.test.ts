import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSandbox } from '../../src/sandbox/server';
import { raw, sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());

describe('envelope, authentication and versions', () => {
  it('wraps data in the envelope with meta.status', async () => {
    const res = await raw(sbx, '/apps/101/conversations?include_not_assigned=true');
    expect(res.status).toBe(200);
    expect(res.meta.status).toBe(200);
    expect(Array.isArray(res.data)).toBe(true);
    expect(res.data.length).toBe(20);
  });

  it('accepts Token and Bearer headers and the auth_token parameter', async () => {
    const token = sbx.info.apps[0]!.token;
    const bearer = await raw(sbx, '/apps/101/conversations', {
      token: null,
      headers: { authorization: `Bearer ${token}` },
    });
    const param = await raw(sbx, `/apps/101/conversations?auth_token=${token}`, { token: null });
    const form = await raw(sbx, '/apps/101/conversations', { token: null, method: 'GET', headers: {} });
    expect(bearer.meta.status).toBe(200);
    expect(param.meta.status).toBe(200);
    expect(form.meta).toMatchObject({ status: 401, error: 'NotAuthenticated' });
  });

  it('rejects a wrong token with AuthenticationFailed', async () => {
    const res = await raw(sbx, '/apps/101/conversations', { token: 'nope' });
    expect(res.status).toBe(401);
    expect(res.meta).toMatchObject({ status: 401, error: 'NotAuthenticated' });
    expect(res.meta.error_message).toMatch(/not valid/);
  });

  it('denies another application with PermissionDenied', async () => {
    const res = await raw(sbx, '/apps/102/conversations');
    expect(res.meta).toMatchObject({ status: 403, error: 'PermissionDeniedError' });
    const otherConversation = [...sbx.store.conversations.values()].find((c) => c.appId === '102')!;
    const get = await raw(sbx, `/conversations/${otherConversation.id}`);
    expect(get.meta).toMatchObject({ status: 403, error: 'PermissionDeniedError' });
  });

  it('answers a wrong method with MethodNotAllowed and an unknown path with NotFound', async () => {
    const res = await raw(sbx, '/apps/101/conversations', { method: 'POST', form: {} });
    expect(res.meta).toMatchObject({ status: 405, error: 'MethodNotAllowed' });
    const missing = await raw(sbx, '/nowhere');
    expect(missing.meta).toMatchObject({ status: 404, error: 'Error404' });
  });

  it('selects the version by path prefix or parameter, and refuses unknown ones', async () => {
    const v1 = await raw(sbx, '/v1/apps/101/conversations?count=3&include_not_assigned=true');
    expect(v1.meta).toHaveProperty('next_after');
    expect(v1.meta).not.toHaveProperty('next_before_position');
    const v1param = await raw(sbx, '/apps/101/conversations?version=1.1&include_not_assigned=true');
    expect(v1param.meta).toHaveProperty('next_after');
    const v2 = await raw(sbx, '/v2/apps/101/conversations?include_not_assigned=true');
    expect(v2.meta).toHaveProperty('next_before_position');
    const v3 = await raw(sbx, '/v3/apps/101/conversations');
    expect(v3.meta).toMatchObject({ status: 400, error: 'BadRequest' });
  });

  it('enforces scopes: a read-only token cannot reply', async () => {
    const readOnly = sbx.info.limitedTokens.find((t) => t.appId === '101')!;
    const id = sbx.store.conversationIndex('101').at(0).id;
    const read = await raw(sbx, `/conversations/${id}`, { token: readOnly.token });
    expect(read.meta.status).toBe(200);
    const write = await raw(sbx, `/conversations/${id}/reply`, { token: readOnly.token, form: { body: 'hi' } });
    expect(write.meta).toMatchObject({ status: 403, error: 'PermissionDeniedError' });
    expect(write.meta.error_message).toMatch(/conversations-write/);
  });

  it('takes parameters from the query or the form on any method', async () => {
    const res = await raw(sbx, '/apps/101/conversations?include_not_assigned=true&paginate_count=2');
    expect(res.data).toHaveLength(2);
    const bad = await raw(sbx, '/apps/101/conversations?paginate_count=abc');
    expect(bad.meta).toMatchObject({ status: 400, error: 'BadRequest' });
    expect(bad.meta.error_message).toMatch(/paginate_count/);
  });
});

describe('the Realtime Services', () => {
  it('are unknown when the sandbox is started without them, and upgrade a WebSocket when asked', async () => {
    const upgradeStatus = (running: RunningSandbox) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(
          `${running.info.baseUrl.replace(/^http/, 'ws')}/websocket/ping?auth_token=${running.info.apps[0]!.token}`,
        );
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('open', () => {
          socket.terminate();
          resolve(101);
        });
      });
    expect(await upgradeStatus(sbx)).toBe(404);
    const streaming = await sandbox({ realtime: true });
    try {
      expect(await upgradeStatus(streaming)).toBe(101);
    } finally {
      await streaming.close();
    }
  });
});
