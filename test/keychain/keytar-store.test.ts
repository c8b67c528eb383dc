import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keytarCandidate } from '../../src/main/electron/credentials/keytar-store';

// Runs inside scripts/with-keyring.sh: a private D-Bus session with a real, unlocked gnome-keyring.
describe('KeytarStore against a real Secret Service', () => {
  const service = `Perch-test-${randomUUID()}`;

  it('is chosen when the keychain answers', async () => {
    const reasons: string[] = [];
    const store = await keytarCandidate({ service, onUnavailable: (r) => reasons.push(r) }).probe();
    expect(reasons).toEqual([]);
    expect(store?.kind).toBe('keychain');
  });

  it('stores, reads, replaces and deletes a token', async () => {
    const store = (await keytarCandidate({ service }).probe())!;
    const account = 'https://api.example#101';
    expect(await store.get(account)).toBeNull();
    await store.set(account, 'tok-1 ✓ секрет');
    expect(await store.get(account)).toBe('tok-1 ✓ секрет');
    await store.set(account, 'tok-2');
    expect(await store.get(account)).toBe('tok-2');
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('keeps accounts apart', async () => {
    const store = (await keytarCandidate({ service }).probe())!;
    await store.set('a#1', 'first');
    await store.set('a#2', 'second');
    expect([await store.get('a#1'), await store.get('a#2')]).toEqual(['first', 'second']);
    await store.delete('a#1');
    await store.delete('a#2');
  });
});
