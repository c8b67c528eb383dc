import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Id } from '../../../shared/api/types';
import { z } from 'zod';
import { JsonFile, type StateProblem } from '../storage/json-file';
import type { CredentialStore } from '../ports';

/** Raised when no backend can keep a token safely and the user has not accepted plain storage. */
export class NoSecureStorageError extends Error {
  constructor() {
    super(
      'No secure place to keep the token: the OS keychain is not available. Perch can keep it in a plain file only if you allow it.',
    );
  }
}

/** Says no to every write: what Perch uses when nothing secure exists and plain storage was not accepted. */
export const refusingStore: CredentialStore = {
  kind: 'none',
  get: async () => null,
  set: async () => {
    throw new NoSecureStorageError();
  },
  delete: async () => false,
};

/** Tokens for this run only: the browser host's store, which has no keychain of its own. */
export function memoryCredentialStore(): CredentialStore {
  const tokens = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (account) => tokens.get(account) ?? null,
    set: async (account, token) => void tokens.set(account, token),
    delete: async (account) => tokens.delete(account),
  };
}

/**
 * One value per account in a JSON file with owner-only permissions. A damaged file is
 * reported and deleted, not kept aside like other state: it holds tokens, and the agent is
 * asked for the token again.
 */
export class AccountFile {
  private readonly file: JsonFile<Record<string, string>>;

  constructor(
    private readonly path: string,
    private readonly onDamaged?: (problem: StateProblem) => void,
  ) {
    this.file = new JsonFile(path, z.record(z.string(), z.string()));
  }

  private async all(): Promise<Record<string, string>> {
    const { value, problem } = await this.file.load();
    if (problem?.movedTo) await rm(problem.movedTo, { force: true }).catch(() => {});
    if (problem)
      this.onDamaged?.({
        ...problem,
        movedTo: null,
        reason: `${problem.reason} (the damaged copy was deleted: it held tokens)`,
      });
    await this.removeDamagedCopies();
    return value ?? {};
  }

  async get(account: string): Promise<string | null> {
    return (await this.all())[account] ?? null;
  }

  async set(account: string, value: string): Promise<void> {
    const all = await this.all();
    await this.file.write({ ...all, [account]: value });
  }

  async delete(account: string): Promise<boolean> {
    const all = await this.all();
    if (!(account in all)) return false;
    delete all[account];
    await this.file.write(all);
    return true;
  }

  /** Copies left by older runs, which kept damaged token files aside like other state. */
  private async removeDamagedCopies(): Promise<void> {
    const prefix = `${basename(this.path)}.damaged-`;
    const names = await readdir(dirname(this.path)).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.startsWith(prefix))
        .map((name) => rm(join(dirname(this.path), name), { force: true })),
    );
  }
}

/** Tokens in a plain file: only with the user's explicit consent. */
export class PlainFileStore implements CredentialStore {
  readonly kind = 'plain';
  private readonly file: AccountFile;

  constructor(path: string, onDamaged?: (problem: StateProblem) => void) {
    this.file = new AccountFile(path, onDamaged);
  }

  get(account: string) {
    return this.file.get(account);
  }

  set(account: string, token: string) {
    return this.file.set(account, token);
  }

  delete(account: string) {
    return this.file.delete(account);
  }
}

export interface StoreCandidate {
  /** Resolves to the store when its backend works on this machine, else null. */
  probe(): Promise<CredentialStore | null>;
}

/**
 * The first candidate that works (keychain, then OS encryption); otherwise a plain file if the
 * user accepted it, else a store that refuses and says why.
 */
export async function chooseCredentialStore(
  candidates: StoreCandidate[],
  plain: { allowed: boolean; path: string; onDamaged?: (problem: StateProblem) => void },
): Promise<CredentialStore> {
  for (const candidate of candidates) {
    const store = await candidate.probe().catch(() => null);
    if (store) return store;
  }
  return plain.allowed ? new PlainFileStore(plain.path, plain.onDamaged) : refusingStore;
}

/** The keychain account name of one API account: two administrators of one application keep their own tokens. */
export const credentialAccount = (baseUrl: string, appId: Id, adminId: Id) =>
  `${legacyCredentialAccount(baseUrl, appId)}#${adminId}`;

/** The name tokens were kept under before it named the administrator; found and moved on start. */
export const legacyCredentialAccount = (baseUrl: string, appId: Id) => `${baseUrl.replace(/\/+$/, '')}#${appId}`;
