import { describe, expect, it } from 'vitest';
import { HeldEvents } from '../../../src/main/core/contract/held-events';

describe('alert sounds and a page that is not ready', () => {
  it('are never held for later: a page that says app:ready gets no burst of old sounds', () => {
    const delivered: string[] = [];
    const held = new HeldEvents({ deliver: (event) => void delivered.push(event), reload: () => {} });
    held.send('alerts:sound', { sound: 'pop', volume: 70 });
    held.send('settings:changed', {} as never);
    held.send('alerts:sound', { sound: 'pop', volume: 70 });
    expect(held.markReady()).toBe(true);
    expect(delivered).toEqual(['settings:changed']);
    held.send('alerts:sound', { sound: 'chime', volume: 70 });
    expect(delivered).toEqual(['settings:changed', 'alerts:sound']);
  });
});
