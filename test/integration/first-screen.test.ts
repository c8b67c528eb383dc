import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInvoke } from '../../src/main/core/contract/contract-dispatch';
import type { Accounts } from '../../src/main/core/accounts/accounts';
import { sendFirstRequests } from '../../src/renderer/src/app/first-requests';
import { usePerch } from '../../src/renderer/src/store';
import type { RunningSandbox } from '../../src/sandbox/server';
import { Emitter } from '../../src/shared/emitter';
import { EVENT_CHANNELS, type EventMap, type PerchBridge } from '../../src/shared/ipc/contract';
import { accountsOn } from '../support/accounts';
import { until } from '../support/until';

let accounts: Accounts;
let demo: RunningSandbox;
let close: () => Promise<void>;
const stopListening: (() => void)[] = [];

/**
 * The contract as the Electron window carries it: events held until the page says `app:ready`,
 * then delivered at once, before that call's answer (src/main/electron/ipc.ts).
 */
function windowBridge(s: Accounts): PerchBridge {
  const events = new Emitter<EventMap>();
  const held: [keyof EventMap, unknown][] = [];
  let ready = false;
  for (const event of EVENT_CHANNELS)
    stopListening.push(
      s.events.on(event, (payload) => (ready ? events.emit(event, payload as never) : held.push([event, payload]))),
    );
  return {
    invoke: (channel, ...args) => {
      if (channel === 'app:ready' && !ready) {
        ready = true;
        for (const [event, payload] of held.splice(0)) events.emit(event, payload as never);
      }
      return dispatchInvoke(s.handlers, channel, args) as never;
    },
    on: (event, listener) => events.on(event, listener),
  };
}

beforeAll(async () => {
  const created = await accountsOn({
    prefix: 'perch-first-screen-',
    demo: { persist: false, conversationsPerApp: 40, seed: 5, onDemo: (sandbox) => (demo = sandbox) },
  });
  accounts = created.accounts;
  close = created.close;
  await accounts.start();
  await until(() => accounts.workspace?.inbox.snapshot().progress.done === true, { what: 'the demo inbox' });
});
afterAll(async () => {
  for (const stop of stopListening) stop();
  await close();
});

describe('the first screen', () => {
  it('takes the first rows asked for before the app ran, and the changes main made meanwhile', async () => {
    const bridge = windowBridge(accounts);
    const first = sendFirstRequests(bridge);
    const asked = await first.firstRows;
    expect(asked.ok).toBe(true);

    // A visitor writes after main answered the first rows and before the app listens.
    const conversation = [...demo.store.conversations.values()].find((c) => !c.closed && c.userReplies > 0)!;
    demo.simulator.writeInto(conversation, 'Between the answer and the app');
    await until(
      () =>
        accounts.workspace!.inbox.snapshot().rows.find((r) => r.id === conversation.id)?.preview ===
        'Between the answer and the app',
      { what: 'the core to have the message' },
    );

    await usePerch.getState().connect(bridge, first);
    const row = usePerch.getState().rows.get(`demo/${conversation.id}`);
    expect(row?.preview).toBe('Between the answer and the app');
    expect(usePerch.getState().order[0]).toBe(`demo/${conversation.id}`);
    expect(usePerch.getState().totals).toEqual(accounts.workspace!.inbox.snapshot().totals);
  });
});
