import type { CredentialStore, StoreCandidate } from '../core/credentials';
import { JsonFile } from '../core/storage/json-file';

/** The part of Electron's safeStorage Perch uses (its asynchronous API). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plain: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend?(): string;
}

/** Tokens encrypted by the OS (DPAPI, Keychain, libsecret/kwallet) in a file of Perch's. */
export class SafeStorageStore implements CredentialStore {
  readonly kind = 'encrypted';
  private readonly file: JsonFile<Record<string, string>>;

  constructor(
    private readonly safeStorage: SafeStorageLike,
    path: string,
  ) {
    this.file = new JsonFile(path);
  }

  async get(account: string): Promise<string | null> {
    const encoded = (await this.file.read())?.[account];
    if (!encoded) return null;
    const { result, shouldReEncrypt } = await this.safeStorage.decryptStringAsync(Buffer.from(encoded, 'base64'));
    if (shouldReEncrypt) await this.set(account, result);
    return result;
  }

  async set(account: string, token: string): Promise<void> {
    const encrypted = await this.safeStorage.encryptStringAsync(token);
    const all = (await this.file.read()) ?? {};
    await this.file.write({ ...all, [account]: encrypted.toString('base64') });
  }

  async delete(account: string): Promise<boolean> {
    const all = (await this.file.read()) ?? {};
    if (!(account in all)) return false;
    delete all[account];
    await this.file.write(all);
    return true;
  }
}

/**
 * safeStorage when it really encrypts: on Linux its `basic_text` backend uses a fixed key,
 * which protects nothing, so it does not count.
 */
export function safeStorageCandidate(safeStorage: SafeStorageLike, path: string, platform = process.platform): StoreCandidate {
  return {
    async probe() {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) return null;
      if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return null;
      return new SafeStorageStore(safeStorage, path);
    },
  };
}
