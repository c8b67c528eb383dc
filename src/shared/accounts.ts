import type { Id } from './api/types';
import { compareRows, type InboxRow } from './inbox';

/**
 * Perch holds several accounts at once (applications of the platform, and the demo). Their
 * conversation, visitor and administrator IDs are only unique within each: everything from an
 * account is named by its account ID too.
 */

/** "demo", or "account-" and 16 hex digits (named by the account's address and application). */
export type AccountId = string;
export const DEMO_ACCOUNT_ID: AccountId = 'demo';
export const ACCOUNT_ID_PATTERN = /^(demo|account-[0-9a-f]{16})$/;

/** The colours an account's label can have: distinct in both themes, and named in the catalog. */
export const ACCOUNT_COLORS = ['blue', 'green', 'orange', 'purple', 'pink', 'teal'] as const;
export type AccountColor = (typeof ACCOUNT_COLORS)[number];

export const ACCOUNT_LABEL_MAX = 24;

/** The colour a new account gets: the first one no other account has. */
export function nextAccountColor(taken: readonly AccountColor[]): AccountColor {
  return ACCOUNT_COLORS.find((c) => !taken.includes(c)) ?? ACCOUNT_COLORS[taken.length % ACCOUNT_COLORS.length]!;
}

/** One key for a conversation among all accounts: the renderer's lists and maps are keyed by it. */
export type ConversationKey = string;
export const conversationKey = (accountId: AccountId, id: Id): ConversationKey => `${accountId}/${id}`;

/** The inbox order over several accounts: newest first, then by ID, then by account, so it is total. */
export function compareAccountRows(
  a: InboxRow & { accountId: AccountId },
  b: InboxRow & { accountId: AccountId },
): number {
  return compareRows(a, b) || (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0);
}
