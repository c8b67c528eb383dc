import { app } from 'electron';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmbeddedSandbox, type Connection } from './core/session';

const KEYCHAIN_SERVICE = 'Perch';

interface SavedAccount {
  baseUrl: string;
  appId: number;
  adminId: number;
}

async function savedAccount(): Promise<SavedAccount | null> {
  try {
    const raw = JSON.parse(await readFile(join(app.getPath('userData'), 'account.json'), 'utf8')) as Partial<SavedAccount>;
    if (typeof raw.baseUrl === 'string' && Number.isInteger(raw.appId) && Number.isInteger(raw.adminId)) return raw as SavedAccount;
  } catch {
    // No account yet: the embedded sandbox is used.
  }
  return null;
}

async function keychainToken(account: SavedAccount): Promise<string | null> {
  try {
    const keytar = await import('keytar');
    return await keytar.default.getPassword(KEYCHAIN_SERVICE, `${account.baseUrl}#${account.appId}`);
  } catch (error) {
    console.warn('perch: the OS keychain is not available', error);
    return null;
  }
}

/** The configured account with its token from the OS keychain, or the embedded sandbox. */
export async function resolveConnection(): Promise<{ connection: Connection; stop(): Promise<void> }> {
  const account = await savedAccount();
  const token = account ? await keychainToken(account) : null;
  if (account && token) return { connection: { mode: 'account', ...account, token }, stop: async () => {} };
  const embedded = await startEmbeddedSandbox();
  return { connection: embedded.connection, stop: embedded.sandbox.close };
}
