import { createHash } from 'node:crypto';
import { z } from 'zod';
import { storedIdSchema } from '../../../shared/api/schemas';
import type { Id } from '../../../shared/api/types';
import { ACCOUNT_COLORS, ACCOUNT_LABEL_MAX, nextAccountColor, type AccountId } from '../../../shared/accounts';
import { credentialAccount, legacyCredentialAccount } from './credentials';
import type { Recovery } from '../storage/json-file';

/**
 * What Perch remembers between runs about the accounts it holds (never their tokens):
 * account.json in the user data folder.
 */

const positiveId = storedIdSchema;
const liveUpdatesSchema = z.boolean().optional().catch(undefined);

const savedAccountSchema = z.object({
  id: z.string().regex(/^account-[0-9a-f]{16}$/),
  baseUrl: z.string().min(1).max(2048),
  appId: positiveId,
  adminId: positiveId,
  /** Null: the default label ("Account 12345" in the agent's language). */
  label: z.string().min(1).max(ACCOUNT_LABEL_MAX).nullable(),
  color: z.enum(ACCOUNT_COLORS),
  /** False: the agent switched live updates off. Missing or damaged: on (the account is kept either way). */
  liveUpdates: liveUpdatesSchema,
});
export type SavedAccount = z.infer<typeof savedAccountSchema>;

export const savedAccountsSchema = z.object({
  /** The accounts in the order they were added. */
  accounts: z.array(savedAccountSchema).optional(),
  /** The demo is kept beside the accounts (it is shown anyway while no account is connected). */
  demo: z.boolean().optional(),
  demoLook: z
    .object({
      label: z.string().min(1).max(ACCOUNT_LABEL_MAX).nullable(),
      color: z.enum(ACCOUNT_COLORS),
      liveUpdates: liveUpdatesSchema,
    })
    .optional(),
  /** The one account of earlier versions: it becomes the first of `accounts` on load. */
  baseUrl: z.string().min(1).max(2048).optional(),
  appId: positiveId.optional(),
  adminId: positiveId.optional(),
  /** The user accepted keeping tokens in a plain file when nothing secure exists. */
  allowPlainToken: z.boolean().optional(),
  /** The first-run choice between the demo and an account was made. */
  welcomed: z.boolean().optional(),
});
export type SavedAccounts = z.infer<typeof savedAccountsSchema>;

/**
 * An account's ID, which also names its data folder: by address and application, as the one
 * account of earlier versions was, so its cached inbox, outbox and drafts stay where they are.
 */
export const accountIdOf = (baseUrl: string, appId: Id): AccountId =>
  `account-${createHash('sha256').update(legacyCredentialAccount(baseUrl, appId)).digest('hex').slice(0, 16)}`;

/** Where an account's token is kept in the keychain: address, application and administrator. */
export const credentialKeyOf = (account: Pick<SavedAccount, 'baseUrl' | 'appId' | 'adminId'>) =>
  credentialAccount(account.baseUrl, account.appId, account.adminId);

export function newSavedAccount(
  baseUrl: string,
  appId: Id,
  adminId: Id,
  others: readonly SavedAccount[],
): SavedAccount {
  const taken = others.map((a) => a.color);
  return { id: accountIdOf(baseUrl, appId), baseUrl, appId, adminId, label: null, color: nextAccountColor(taken) };
}

/**
 * The saved accounts in today's shape: the single account of earlier versions becomes the
 * first of the list, with nothing else changed (its folder and keychain entry are the same).
 */
export function currentShape(saved: SavedAccounts): { saved: SavedAccounts; migrated: boolean } {
  const { baseUrl, appId, adminId, ...rest } = saved;
  if (baseUrl === undefined && appId === undefined && adminId === undefined) return { saved, migrated: false };
  const accounts = [...(saved.accounts ?? [])];
  if (baseUrl !== undefined && appId !== undefined && adminId !== undefined) {
    const id = accountIdOf(baseUrl, appId);
    if (!accounts.some((a) => a.id === id)) accounts.unshift(newSavedAccount(baseUrl, appId, adminId, accounts));
  }
  return { saved: { ...rest, accounts }, migrated: true };
}

/**
 * What is kept of a damaged account.json: every account entry that is whole, and the flags
 * that are. One bad entry does not cost the agent the other accounts.
 */
export const recoverSavedAccounts: Recovery<SavedAccounts> = (raw) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const fields = raw as Record<string, unknown>;
  const entries = Array.isArray(fields.accounts) ? fields.accounts : [];
  const accounts = entries.flatMap((entry) => {
    const parsed = savedAccountSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  const flags = savedAccountsSchema.pick({ allowPlainToken: true, welcomed: true, demo: true }).safeParse({
    allowPlainToken: fields.allowPlainToken,
    welcomed: fields.welcomed,
    demo: fields.demo,
  });
  return { value: { ...(flags.success ? flags.data : {}), accounts }, kept: accounts.length, total: entries.length };
};
