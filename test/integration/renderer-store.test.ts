import { testSessions } from '../support/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInvoke } from '../../src/main/core/contract-dispatch';
import type { Sessions } from '../../src/main/core/sessions';
import { usePerch } from '../../src/renderer/src/store';
import type { PerchBridge } from '../../src/shared/ipc/contract';
import type { RunningSandbox } from '../../src/sandbox/server';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

let account: RunningSandbox;
let sessions: Sessions;
let close: () => Promise<void>;

/** The renderer's store on the real core, with the transport taken out: invoke and events in-process. */
const bridgeFor = (s: Sessions): PerchBridge => ({
  invoke: (channel, ...args) => dispatchInvoke(s.handlers, channel, args) as never,
  on: (event, listener) => s.events.on(event, listener),
});

beforeAll(async () => {
  account = await sandbox({ conversationsPerApp: 15 });
  const created = await testSessions({
    prefix: 'perch-store-',
    demo: { persist: false, conversationsPerApp: 12, seed: 3 },
  });
  sessions = created.sessions;
  close = created.close;
  await sessions.start();
  await until(() => sessions.workspace?.inbox.snapshot().progress.done === true, { what: 'the demo inbox' });
});
afterAll(async () => {
  await close();
  await account.close();
});

describe('the renderer store across a workspace switch', () => {
  it('loads the demo, then replaces everything with the account’s inbox, then returns to the demo', async () => {
    await usePerch.getState().connect(bridgeFor(sessions));
    const demoIds = [...usePerch.getState().rows.keys()];
    expect(usePerch.getState().account?.mode).toBe('sandbox');
    expect(demoIds.length).toBeGreaterThan(0);
    await usePerch.getState().open(demoIds[0]!);
    usePerch.getState().setTagFilter('vip');

    const app = account.info.apps[0]!;
    const result = await usePerch
      .getState()
      .connectAccount({ baseUrl: account.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token });
    expect(result).toMatchObject({ ok: true });
    await until(() => usePerch.getState().account?.mode === 'account' && usePerch.getState().rows.size > 0, {
      what: 'the account inbox in the store',
    });
    const state = usePerch.getState();
    expect(state.conversation).toBeNull();
    expect(state.tagFilter).toBeNull();
    expect([...state.rows.keys()].every((id) => account.store.conversations.get(id)?.appId === app.id)).toBe(true);
    expect(JSON.stringify(state)).not.toContain(app.token);

    await usePerch.getState().signOut();
    await until(() => usePerch.getState().account?.mode === 'sandbox' && usePerch.getState().rows.size > 0, {
      what: 'the demo again',
    });
    expect(usePerch.getState().session).toMatchObject({ welcomed: false });
  });

  it('reports a failed connection without switching or keeping anything', async () => {
    const before = usePerch.getState().account;
    const result = await usePerch
      .getState()
      .connectAccount({ baseUrl: account.info.baseUrl, appId: account.info.apps[0]!.id, adminId: 1, token: 'wrong' });
    expect(result).toMatchObject({ ok: false, failure: 'wrong-token' });
    expect(usePerch.getState().account).toEqual(before);
  });
});
