import { execFile } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  chooseCredentialStore,
  credentialAccount,
  NoSecureStorageError,
  type StoreCandidate,
} from '../../../src/main/core/accounts/credentials';
import { safeStorageCandidate, type SafeStorageLike } from '../../../src/main/electron/credentials/safe-storage-store';

const run = promisify(execFile);
const dir = () => mkdtemp(join(tmpdir(), 'perch-cred-'));

/**
 * Stands in for Electron's safeStorage (which needs Electron): a reversible, keyed transform.
 * Like Chromium's encryptor, it prefixes what it seals with its key's tag: `v11` for the Secret
 * Service's key, `v10` for the fixed key Linux falls back to when there is none.
 */
function fakeSafeStorage(
  options: { available?: boolean; backend?: string; keyTag?: string } = {},
): SafeStorageLike & { sealed: Buffer[] } {
  const key = 0x5a;
  const tag = Buffer.from(options.keyTag ?? 'v11');
  const sealed: Buffer[] = [];
  return {
    sealed,
    isAsyncEncryptionAvailable: async () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptStringAsync: async (plain) => {
      const out = Buffer.concat([tag, Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ key))]);
      sealed.push(out);
      return out;
    },
    decryptStringAsync: async (buf) => ({
      result: Buffer.from(buf.subarray(tag.length).map((b) => b ^ key)).toString('utf8'),
      shouldReEncrypt: false,
    }),
  };
}

const unavailable: StoreCandidate = { probe: async () => null };

describe('keytar without a Secret Service', () => {
  it('is reported unavailable with the reason, not chosen', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/support/probe-keytar.ts'], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/perch-bus' },
      timeout: 20_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result.kind).toBeNull();
    expect(result.reasons[0]).toMatch(/connect|Secret|DBus|D-Bus|No such file/i);
  });
});

describe('chooseCredentialStore', () => {
  it('falls back to OS encryption, which never writes the token in the clear', async () => {
    const folder = await dir();
    const safe = fakeSafeStorage();
    const store = await chooseCredentialStore(
      [unavailable, safeStorageCandidate(safe, join(folder, 'tokens.json'), 'linux')],
      { allowed: false, path: join(folder, 'plain.json') },
    );
    expect(store.kind).toBe('encrypted');
    await store.set('acct', 'super-secret-token');
    expect(await store.get('acct')).toBe('super-secret-token');
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(join(folder, 'tokens.json'), 'utf8')).not.toContain('super-secret-token');
  });

  it('does not count the Linux basic_text backend as secure', async () => {
    const folder = await dir();
    const store = await chooseCredentialStore(
      [safeStorageCandidate(fakeSafeStorage({ backend: 'basic_text' }), join(folder, 't.json'), 'linux')],
      { allowed: false, path: join(folder, 'p.json') },
    );
    expect(store.kind).toBe('none');
  });

  it('does not count an asynchronous encryptor that fell back to the fixed key on Linux', async () => {
    const folder = await dir();
    // The backend the synchronous API chose says nothing of the key the asynchronous one got.
    const fellBack = fakeSafeStorage({ backend: 'gnome_libsecret', keyTag: 'v10' });
    const store = await chooseCredentialStore([safeStorageCandidate(fellBack, join(folder, 't.json'), 'linux')], {
      allowed: false,
      path: join(folder, 'p.json'),
    });
    expect(store.kind).toBe('none');
    await expect(store.set('acct', 'x')).rejects.toBeInstanceOf(NoSecureStorageError);
  });

  it('does not count safeStorage on Linux before it knows its backend', async () => {
    const folder = await dir();
    const store = await chooseCredentialStore(
      [safeStorageCandidate(fakeSafeStorage({ backend: 'unknown' }), join(folder, 't.json'), 'linux')],
      { allowed: false, path: join(folder, 'p.json') },
    );
    expect(store.kind).toBe('none');
  });

  it("takes the v10 tag as the OS's own key on Windows and macOS", async () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const folder = await dir();
      const store = await chooseCredentialStore(
        [safeStorageCandidate(fakeSafeStorage({ keyTag: 'v10' }), join(folder, 't.json'), platform)],
        { allowed: false, path: join(folder, 'p.json') },
      );
      expect(store.kind).toBe('encrypted');
    }
  });

  it('never writes a token sealed with the fixed key, even if the key changes after the choice', async () => {
    const folder = await dir();
    const safe = fakeSafeStorage();
    const store = await chooseCredentialStore([safeStorageCandidate(safe, join(folder, 't.json'), 'linux')], {
      allowed: false,
      path: join(folder, 'p.json'),
    });
    expect(store.kind).toBe('encrypted');
    safe.encryptStringAsync = async (plain) => Buffer.concat([Buffer.from('v10'), Buffer.from(plain)]);
    await expect(store.set('acct', 'secret')).rejects.toBeInstanceOf(NoSecureStorageError);
    expect(await store.get('acct')).toBeNull();
  });

  it('refuses to store a token with no secure backend unless plain storage was accepted', async () => {
    const folder = await dir();
    const refusing = await chooseCredentialStore(
      [unavailable, safeStorageCandidate(fakeSafeStorage({ available: false }), join(folder, 't.json'))],
      { allowed: false, path: join(folder, 'p.json') },
    );
    await expect(refusing.set('acct', 'x')).rejects.toBeInstanceOf(NoSecureStorageError);
    await expect(refusing.set('acct', 'x')).rejects.toThrow(/plain file only if you allow it/);
    const plain = await chooseCredentialStore([unavailable], { allowed: true, path: join(folder, 'p.json') });
    expect(plain.kind).toBe('plain');
    await plain.set('acct', 'visible');
    expect(await plain.get('acct')).toBe('visible');
    expect((await stat(join(folder, 'p.json'))).mode & 0o777).toBe(0o600);
    expect(await plain.delete('acct')).toBe(true);
    expect(await plain.get('acct')).toBeNull();
  });

  it('names an account by base URL, application and administrator', () => {
    expect(credentialAccount('https://api.example.com/', '101', '7')).toBe('https://api.example.com#101#7');
    expect(credentialAccount('https://api.example.com', '101', '8')).not.toBe(
      credentialAccount('https://api.example.com', '101', '7'),
    );
  });
});
