import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENTS, INVOKE, ACCOUNT_INVOKE, WORKSPACE_INVOKE } from '../../../src/shared/ipc/channels';
import { EVENT_CHANNELS, INVOKE_CHANNELS, isInvokeChannel } from '../../../src/shared/ipc/contract';

const names = (...features: object[]) => features.flatMap((f) => Object.keys(f));

/** Every feature file's declarations, read from the folder: a new file cannot be forgotten here. */
async function featureDeclarations(): Promise<{ invoke: object[]; events: object[] }> {
  const folder = new URL('../../../src/shared/ipc/channels/', import.meta.url);
  const files = readdirSync(folder).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'declare.ts');
  const invoke: object[] = [];
  const events: object[] = [];
  for (const file of files) {
    const feature = (await import(new URL(file, folder).href)) as Record<string, object>;
    for (const [name, value] of Object.entries(feature)) {
      if (/Invoke$/.test(name)) invoke.push(value);
      if (/Events$/.test(name)) events.push(value);
    }
  }
  return { invoke, events };
}

describe('the channel declarations', () => {
  it('declare each channel in one feature file only: merging them loses none', async () => {
    const features = await featureDeclarations();
    expect(features.invoke.length).toBeGreaterThan(10);
    const invoke = names(...features.invoke);
    expect(new Set(invoke).size).toBe(invoke.length);
    expect(Object.keys(INVOKE).sort()).toEqual([...invoke].sort());
    const events = names(...features.events);
    expect(new Set(events).size).toBe(events.length);
    expect(Object.keys(EVENTS).sort()).toEqual([...events].sort());
  });

  it('split into account and workspace channels without overlap, and the lists follow', () => {
    expect(Object.keys(ACCOUNT_INVOKE).filter((c) => c in WORKSPACE_INVOKE)).toEqual([]);
    expect([...INVOKE_CHANNELS].sort()).toEqual(Object.keys(INVOKE).sort());
    expect([...EVENT_CHANNELS].sort()).toEqual(Object.keys(EVENTS).sort());
    expect(isInvokeChannel('inbox:get')).toBe(true);
    expect(isInvokeChannel('__proto__')).toBe(false);
    expect(isInvokeChannel('toString')).toBe(false);
  });
});
