import { app, safeStorage } from 'electron';
import { join } from 'node:path';
import { chooseCredentialStore, credentialAccount, type CredentialStore } from './core/credentials';
import type { RunningSandbox } from '../sandbox/server';
import { startEmbeddedSandbox, type Connection } from './core/session';
import { JsonFile } from './core/storage/json-file';
import { keytarCandidate } from './credentials/keytar-store';
import { safeStorageCandidate } from './credentials/safe-storage-store';

interface SavedAccount {
  baseUrl: string;
  appId: number;
  adminId: number;
  /** The user accepted keeping the token in a plain file when nothing secure exists. */
  allowPlainToken?: boolean;
}

function validAccount(raw: Partial<SavedAccount> | undefined): raw is SavedAccount {
  return !!raw && typeof raw.baseUrl === 'string' && Number.isInteger(raw.appId) && Number.isInteger(raw.adminId);
}

/** The token store: the OS keychain, else OS encryption, else plain only if the user said so. */
export function setupCredentials(allowPlain: boolean): Promise<CredentialStore> {
  const dir = app.getPath('userData');
  return chooseCredentialStore(
    [keytarCandidate({ onUnavailable: (reason) => console.warn(`perch: OS keychain unavailable (${reason})`) }), safeStorageCandidate(safeStorage, join(dir, 'tokens.enc.json'))],
    { allowed: allowPlain, path: join(dir, 'tokens.plain.json') },
  );
}

/** The configured account with its token from the credential store, or the embedded sandbox. */
export async function resolveConnection(): Promise<{ connection: Connection; credentials: CredentialStore; sandbox?: RunningSandbox; stop(): Promise<void> }> {
  const account = await new JsonFile<Partial<SavedAccount>>(join(app.getPath('userData'), 'account.json')).read();
  const credentials = await setupCredentials(account?.allowPlainToken === true);
  if (validAccount(account)) {
    const token = await credentials.get(credentialAccount(account.baseUrl, account.appId));
    if (token) return { connection: { mode: 'account', baseUrl: account.baseUrl, appId: account.appId, adminId: account.adminId, token }, credentials, stop: async () => {} };
  }
  const embedded = await startEmbeddedSandbox();
  return { connection: embedded.connection, credentials, sandbox: embedded.sandbox, stop: embedded.sandbox.close };
}
