import { AccountFile, NoSecureStorageError, type StoreCandidate } from '../../core/accounts/credentials';
import type { CredentialStore } from '../../core/ports';
import type { StateProblem } from '../../core/storage/json-file';

/** The part of Electron's safeStorage Perch uses (its asynchronous API). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plain: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend?(): string;
}

/** The Linux backends of the synchronous API that keep their key in a secret store. */
const LINUX_SECRET_STORES = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

/**
 * Whether a sealed value was encrypted with Linux's fixed key. Chromium prefixes what it
 * encrypts with its key's tag; on Linux `v10` is the key derived from a public password, which
 * the asynchronous API falls back to, silently, when no Secret Service answers (its keys from
 * a secret store are `v11` and later). On Windows and macOS `v10` is the OS's own key.
 */
export function sealedWithFixedKey(sealed: Buffer, platform: NodeJS.Platform): boolean {
  return platform === 'linux' && sealed.subarray(0, 3).toString('latin1') === 'v10';
}

/** Tokens encrypted by the OS (DPAPI, Keychain, libsecret/kwallet) in a file of Perch's. */
export class SafeStorageStore implements CredentialStore {
  readonly kind = 'encrypted';
  private readonly file: AccountFile;

  constructor(
    private readonly safeStorage: SafeStorageLike,
    path: string,
    onDamaged?: (problem: StateProblem) => void,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.file = new AccountFile(path, onDamaged);
  }

  async get(account: string): Promise<string | null> {
    const encoded = await this.file.get(account);
    if (!encoded) return null;
    const { result, shouldReEncrypt } = await this.safeStorage.decryptStringAsync(Buffer.from(encoded, 'base64'));
    if (shouldReEncrypt) await this.set(account, result);
    return result;
  }

  async set(account: string, token: string): Promise<void> {
    const encrypted = await this.safeStorage.encryptStringAsync(token);
    // Encrypted with a key anyone has is not encrypted: it is not written, as if no store were there.
    if (sealedWithFixedKey(encrypted, this.platform)) throw new NoSecureStorageError();
    await this.file.set(account, encrypted.toString('base64'));
  }

  delete(account: string): Promise<boolean> {
    return this.file.delete(account);
  }
}

/**
 * safeStorage when it really encrypts. On Linux a fixed key protects nothing, so it does not
 * count: neither the synchronous API's `basic_text` backend (or one not known yet) nor an
 * asynchronous encryptor that fell back to that key, which only its output shows: a probe
 * value is sealed and its key tag read.
 */
export function safeStorageCandidate(
  safeStorage: SafeStorageLike,
  path: string,
  platform = process.platform,
  onDamaged?: (problem: StateProblem) => void,
): StoreCandidate {
  return {
    async probe() {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) return null;
      if (platform === 'linux') {
        if (!LINUX_SECRET_STORES.has(safeStorage.getSelectedStorageBackend?.() ?? 'unknown')) return null;
        if (sealedWithFixedKey(await safeStorage.encryptStringAsync('perch-probe'), platform)) return null;
      }
      return new SafeStorageStore(safeStorage, path, onDamaged, platform);
    },
  };
}
