import { z } from 'zod';
import { accountIdSchema } from '../../account-id-schema';
import { ACCOUNT_COLORS, ACCOUNT_LABEL_MAX } from '../../accounts';
import { adminId, positiveId, returns, type EventDeclarations, type InvokeDeclarations } from './declare';
import type { AccountForm, AccountChange, ConnectResult, AccountsState } from '../types';

const accountForm: z.ZodType<AccountForm> = z.strictObject({
  baseUrl: z.string().trim().min(1).max(2048),
  appId: positiveId().optional(),
  adminId: adminId.optional(),
  adminUnlisted: z.literal(true).optional(),
  token: z.string().trim().min(1).max(4096),
  allowPlainToken: z.boolean().optional(),
  keepDemo: z.boolean().optional(),
});

const accountChange: z.ZodType<AccountChange> = z.strictObject({
  label: z.string().trim().min(1).max(ACCOUNT_LABEL_MAX).optional(),
  color: z.enum(ACCOUNT_COLORS).optional(),
  liveUpdates: z.boolean().optional(),
});

/** Which accounts Perch holds: the demo and the applications the agent connected. */
export const accountInvoke = {
  'app:ready': { args: z.tuple([]), result: returns<AccountsState>() },
  /** Keep the demo workspace (ends the first-run choice), or bring it back beside the accounts. */
  'account:demo': { args: z.tuple([]), result: returns<AccountsState>() },
  /** Tests the account, saves the token in the keychain and adds it (or reconnects it); nothing is saved on failure. */
  'account:connect': { args: z.tuple([accountForm]), result: returns<ConnectResult>() },
  /**
   * Signs one account out: its token and cached inbox are forgotten, unsent writes stay for a
   * later sign-in; the others go on. The demo is removed. With none left, the first-run choice.
   */
  'account:sign-out': { args: z.tuple([accountIdSchema]), result: returns<AccountsState>() },
  /** The label and colour of an account's rows and notifications, and its live updates switched on or off. */
  'account:update': { args: z.tuple([accountIdSchema, accountChange]), result: returns<AccountsState>() },
  /** The agent has read the notice about damaged files: it goes away. */
  'account:dismiss-damage': { args: z.tuple([]), result: returns<AccountsState>() },
} satisfies InvokeDeclarations;

export const accountEvents = {
  'account:changed': returns<AccountsState>(),
} satisfies EventDeclarations;
