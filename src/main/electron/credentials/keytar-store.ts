import type { StoreCandidate } from '../../core/accounts/credentials';
import type { CredentialStore } from '../../core/ports';

export const KEYCHAIN_SERVICE = 'Perch';

interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** The OS keychain through keytar (Secret Service, Keychain, Credential Vault). */
export class KeytarStore implements CredentialStore {
  readonly kind = 'keychain';

  constructor(
    private readonly keytar: KeytarApi,
    private readonly service = KEYCHAIN_SERVICE,
  ) {}

  get(account: string) {
    return this.keytar.getPassword(this.service, account);
  }

  set(account: string, token: string) {
    return this.keytar.setPassword(this.service, account, token);
  }

  delete(account: string) {
    return this.keytar.deletePassword(this.service, account);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
  ]);
}

/**
 * keytar, if its native module loads and the keychain answers a read: a missing library, a
 * module built for another runtime or no Secret Service running all mean "not available".
 */
export function keytarCandidate(
  options: { service?: string; timeoutMs?: number; onUnavailable?: (reason: string) => void } = {},
): StoreCandidate {
  return {
    async probe() {
      try {
        const loaded = (await import('keytar')) as unknown as { default?: KeytarApi } & KeytarApi;
        const keytar: KeytarApi = loaded.default ?? loaded;
        await withTimeout(
          keytar.getPassword(options.service ?? KEYCHAIN_SERVICE, 'perch-probe'),
          options.timeoutMs ?? 3000,
        );
        return new KeytarStore(keytar, options.service);
      } catch (error) {
        options.onUnavailable?.((error as Error).message);
        return null;
      }
    },
  };
}
