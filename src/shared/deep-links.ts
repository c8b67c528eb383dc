import { ACCOUNT_ID_PATTERN, type AccountId } from './accounts';
import { DECIMAL_ID, type Id } from './api/ids';

/**
 * Links that open a conversation in Perch from elsewhere (a CRM, an e-mail):
 * `perch://open/<account>/<conversation>`. The account is Perch's own account ID ("demo", or
 * "account-" and 16 hex digits named by the account's address and application), so a link
 * never carries a token. The host is `open`, never `app`: the window is served at
 * `perch://app/`, and a link is routed by main, never loaded into the window.
 */
export const DEEP_LINK_SCHEME = 'perch';
export const DEEP_LINK_HOST = 'open';
/** Longer than any link Perch writes: "perch://open/" + an account ID + 20 digits. */
export const DEEP_LINK_MAX_CHARS = 80;

export interface DeepLinkTarget {
  accountId: AccountId;
  conversationId: Id;
}

/** Why a link was not followed: it is not one of Perch's, or it names an account Perch does not hold. */
export type DeepLinkProblem = 'malformed' | 'unknown-account';
export type DeepLinkCheck = { ok: true; target: DeepLinkTarget } | { ok: false; problem: DeepLinkProblem };

/** The link to a conversation of an account, as "Copy link" writes it. */
export function deepLinkFor(accountId: AccountId, conversationId: Id): string {
  return `${DEEP_LINK_SCHEME}://${DEEP_LINK_HOST}/${accountId}/${conversationId}`;
}

/**
 * The conversation a link names, or null unless it is exactly `perch://open/<account>/<id>`:
 * the scheme in any case (the OS may change it), everything else as Perch writes it. No
 * query, fragment, credentials, port, percent-escape, extra or empty segment, whitespace or
 * hidden character; the ID a positive 64-bit decimal.
 */
export function parseDeepLink(raw: unknown): DeepLinkTarget | null {
  if (typeof raw !== 'string' || raw.length > DEEP_LINK_MAX_CHARS) return null;
  if (raw.slice(0, DEEP_LINK_SCHEME.length + 1).toLowerCase() !== `${DEEP_LINK_SCHEME}:`) return null;
  const match = /^\/\/open\/([^/]+)\/([^/]+)$/.exec(raw.slice(DEEP_LINK_SCHEME.length + 1));
  if (!match) return null;
  const [, accountId, conversationId] = match as unknown as [string, string, string];
  if (!ACCOUNT_ID_PATTERN.test(accountId)) return null;
  if (!DECIMAL_ID.test(conversationId) || conversationId === '0') return null;
  return { accountId, conversationId };
}

/** A link checked against the accounts Perch holds. */
export function checkDeepLink(raw: unknown, accounts: readonly AccountId[]): DeepLinkCheck {
  const target = parseDeepLink(raw);
  if (!target) return { ok: false, problem: 'malformed' };
  if (!accounts.includes(target.accountId)) return { ok: false, problem: 'unknown-account' };
  return { ok: true, target };
}

/** The link among a process's arguments (first start, or a second instance on Windows and Linux), if any. */
export function deepLinkInArgs(args: readonly string[]): string | null {
  return args.find((arg) => arg.slice(0, DEEP_LINK_SCHEME.length + 1).toLowerCase() === `${DEEP_LINK_SCHEME}:`) ?? null;
}
