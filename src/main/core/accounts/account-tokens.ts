import type { TokenStorage } from '../../../shared/ipc/contract';
import type { CredentialStore } from '../ports';
import { legacyCredentialAccount, NoSecureStorageError } from './credentials';
import { credentialKeyOf, type SavedAccount } from './saved-accounts';

/**
 * Where each account's token is kept: the credential store under the account's key. Without
 * secure storage, a plain file once the agent accepts it. An entry under the older key (address
 * and application) is moved to the current one when it is read.
 */
export class AccountTokens {
  constructor(
    private credentials: CredentialStore,
    private readonly plainStore?: () => CredentialStore,
  ) {}

  get kind(): TokenStorage {
    return this.credentials.kind;
  }

  /** The agent accepted a plain file: taken only when there is no secure storage and the host offers one. */
  acceptPlain(): boolean {
    if (this.credentials.kind !== 'none' || this.plainStore === undefined) return false;
    this.credentials = this.plainStore();
    return true;
  }

  /** The saved account's token; one kept under the older key is moved to the current one. */
  async read(account: SavedAccount): Promise<string | null> {
    const token = await this.credentials.get(credentialKeyOf(account)).catch(() => null);
    if (token) return token;
    const legacy = legacyCredentialAccount(account.baseUrl, account.appId);
    const old = await this.credentials.get(legacy).catch(() => null);
    if (!old) return null;
    try {
      await this.credentials.set(credentialKeyOf(account), old);
      await this.credentials.delete(legacy);
    } catch {
      // The keychain would not take the move: the old entry still signs in, and the move is tried next start.
    }
    return old;
  }

  /** Keeps the account's token: null once kept, else why the store refused it (for the connect form). */
  async keep(account: SavedAccount, token: string): Promise<string | null> {
    try {
      await this.credentials.set(credentialKeyOf(account), token);
      return null;
    } catch (error) {
      return error instanceof NoSecureStorageError
        ? error.message
        : `The keychain refused the token: ${(error as Error).message}`;
    }
  }

  /** Reconnected as another administrator: the token under the former name does not stay behind. */
  async forgetFormer(before: SavedAccount, next: SavedAccount): Promise<void> {
    if (credentialKeyOf(before) !== credentialKeyOf(next))
      await this.credentials.delete(credentialKeyOf(before)).catch(() => false);
  }

  /** Signed out: the token goes, and an entry under the older key left only when moving it failed. */
  async forget(account: SavedAccount): Promise<void> {
    await this.credentials.delete(credentialKeyOf(account)).catch(() => false);
    await this.credentials.delete(legacyCredentialAccount(account.baseUrl, account.appId)).catch(() => false);
  }
}
