import { AccountFile, type StoreCandidate } from '../../core/accounts/credentials';
import type { CredentialStore } from '../../core/ports';
import type { StateProblem } from '../../core/storage/json-file';

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
  private readonly file: AccountFile;

  constructor(
    private readonly safeStorage: SafeStorageLike,
    path: string,
    onDamaged?: (problem: StateProblem) => void,
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
    await this.file.set(account, encrypted.toString('base64'));
  }

  delete(account: string): Promise<boolean> {
    return this.file.delete(account);
  }
}

/**
 * safeStorage when it really encrypts: on Linux its `basic_text` backend uses a fixed key,
 * which protects nothing, so it does not count.
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
      if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return null;
      return new SafeStorageStore(safeStorage, path, onDamaged);
    },
  };
}
