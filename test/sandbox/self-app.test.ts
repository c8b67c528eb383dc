import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/server';
import { raw, sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());

describe('$self_app: the token’s own application in application paths', () => {
  it('answers /apps/$self_app/conversations/ exactly as the numeric ID, with and without a version prefix', async () => {
    const pairs = [
      ['/apps/$self_app/conversations/?include_not_assigned=true', '/apps/101/conversations?include_not_assigned=true'],
      [
        '/v1/apps/$self_app/conversations/?count=3&include_not_assigned=true',
        '/v1/apps/101/conversations?count=3&include_not_assigned=true',
      ],
      [
        '/v2/apps/%24self_app/conversations?paginate_count=5&id_as_string=true',
        '/v2/apps/101/conversations?paginate_count=5&id_as_string=true',
      ],
      ['/apps/%24self_app/users/?limit=3&id_as_string=true', '/apps/101/users?limit=3&id_as_string=true'],
      ['/v1/apps/$self_app/channels/', '/v1/apps/101/channels'],
      ['/apps/$self_app/activeusers', '/apps/101/activeusers'],
    ] as const;
    for (const [self, numeric] of pairs) {
      const [a, b] = [await raw(sbx, self), await raw(sbx, numeric)];
      expect(a.status, self).toBe(200);
      expect(a, self).toEqual(b);
    }
    const asStrings = await raw(sbx, '/v2/apps/$self_app/conversations/?paginate_count=1&id_as_string=true');
    expect(typeof asStrings.data[0].id).toBe('string');
  });

  it('names the application of whichever token asks', async () => {
    const other = sbx.info.apps[1]!;
    const res = await raw(sbx, '/apps/$self_app/conversations/?include_not_assigned=true&paginate_count=50', {
      token: other.token,
    });
    expect(res.status).toBe(200);
    expect(res.data.length).toBeGreaterThan(0);
    const ids = res.data.map((c: { id: number }) => c.id);
    expect(ids.every((id: string) => sbx.store.conversations.get(id)?.appId === other.id)).toBe(true);
  });

  it('still authenticates first and answers unknown paths and methods as before', async () => {
    expect((await raw(sbx, '/apps/$self_app/conversations', { token: null })).meta).toMatchObject({
      status: 401,
      error: 'NotAuthenticated',
    });
    expect((await raw(sbx, '/apps/$self_app/nowhere')).meta).toMatchObject({ status: 404, error: 'Error404' });
    expect((await raw(sbx, '/apps/$self_app/conversations', { method: 'POST', form: {} })).meta).toMatchObject({
      status: 405,
      error: 'MethodNotAllowed',
    });
    expect((await raw(sbx, '/apps/$other_app/conversations')).meta).toMatchObject({ status: 404, error: 'Error404' });
  });
});
