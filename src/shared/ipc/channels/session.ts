import { z } from 'zod';
import { adminId, returns, type EventDeclarations, type InvokeDeclarations } from './declare';
import type { AccountForm, ConnectResult, SessionState } from '../types';

const accountForm: z.ZodType<AccountForm> = z.strictObject({
  baseUrl: z.string().trim().min(1).max(2048),
  appId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  adminId: adminId.optional(),
  adminUnlisted: z.literal(true).optional(),
  token: z.string().trim().min(1).max(4096),
  allowPlainToken: z.boolean().optional(),
});

/** Which workspace is shown: the demo or a connected account. */
export const sessionInvoke = {
  'app:ready': { args: z.tuple([]), result: returns<SessionState>() },
  /** Keep the demo workspace: ends the first-run choice. */
  'session:demo': { args: z.tuple([]), result: returns<SessionState>() },
  /** Tests the account, saves the token in the keychain and switches to it; nothing is saved on failure. */
  'session:connect': { args: z.tuple([accountForm]), result: returns<ConnectResult>() },
  /** Forgets the account's token and cache and returns to the demo with the first-run choice. */
  'session:sign-out': { args: z.tuple([]), result: returns<SessionState>() },
  /** The agent has read the notice about damaged files: it goes away. */
  'session:dismiss-damage': { args: z.tuple([]), result: returns<SessionState>() },
} satisfies InvokeDeclarations;

export const sessionEvents = {
  'session:changed': returns<SessionState>(),
} satisfies EventDeclarations;
