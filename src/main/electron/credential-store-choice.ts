import { app, safeStorage } from 'electron';
import { join } from 'node:path';
import { chooseCredentialStore } from '../core/accounts/credentials';
import type { CredentialStore, ScopedLog } from '../core/ports';
import { savedAccountsSchema, type SavedAccounts } from '../core/accounts/accounts';
import { JsonFile } from '../core/storage/json-file';
import type { StateDamage } from '../core/storage/state-damage';
import { keytarCandidate } from './credentials/keytar-store';
import { safeStorageCandidate } from './credentials/safe-storage-store';

/** Where a token is kept in plain text, if the agent ever agrees to that. */
export const plainTokenFile = () => join(app.getPath('userData'), 'tokens.plain.json');

/** The token store: the OS keychain, else OS encryption, else plain only if the user said so. */
export async function setupCredentials(damage: StateDamage, log?: ScopedLog): Promise<CredentialStore> {
  const dir = app.getPath('userData');
  // A look only: a damaged account.json is moved aside and reported when the accounts load it.
  const saved = await new JsonFile<SavedAccounts>(join(dir, 'account.json'), savedAccountsSchema).peek();
  return chooseCredentialStore(
    [
      keytarCandidate({ onUnavailable: (reason) => log?.warn('OS keychain unavailable', { reason }) }),
      safeStorageCandidate(safeStorage, join(dir, 'tokens.enc.json'), process.platform, damage.reporter('credentials')),
    ],
    { allowed: saved?.allowPlainToken === true, path: plainTokenFile(), onDamaged: damage.reporter('credentials') },
  );
}
