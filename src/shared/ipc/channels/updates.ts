import { z } from 'zod';
import type { NetworkState, UpdatePreferencesChange, UpdateState } from '../../updates';
import { returns, type EventDeclarations, type InvokeDeclarations } from './declare';

const preferencesChange: z.ZodType<UpdatePreferencesChange> = z.strictObject({
  channel: z.enum(['stable', 'beta']).optional(),
  autoDownload: z.boolean().optional(),
});

/** Perch's own updates (the administrator's policy may turn them off or pin the channel). */
export const updatesInvoke = {
  'updates:get': { args: z.tuple([]), result: returns<UpdateState>() },
  'updates:check': { args: z.tuple([]), result: returns<UpdateState>() },
  'updates:download': { args: z.tuple([]), result: returns<UpdateState>() },
  'updates:skip': { args: z.tuple([]), result: returns<UpdateState>() },
  /** Restarts into the downloaded version once every write under way is sent. */
  'updates:restart': { args: z.tuple([]), result: returns<UpdateState>() },
  'updates:set': { args: z.tuple([preferencesChange]), result: returns<UpdateState>() },
} satisfies InvokeDeclarations;

/** How Perch reaches the network: proxy and certificates in use. */
export const networkInvoke = {
  'network:get': { args: z.tuple([]), result: returns<NetworkState>() },
} satisfies InvokeDeclarations;

export const updatesEvents = {
  'updates:changed': returns<UpdateState>(),
} satisfies EventDeclarations;
