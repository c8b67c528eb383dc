import { z } from 'zod';
import type { NetworkState, ProxyPrompt, UpdatePreferencesChange, UpdateState } from '../../updates';
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
  /** The proxy prompts still waiting for the agent. */
  'network:proxy-prompts': { args: z.tuple([]), result: returns<ProxyPrompt[]>() },
  /** The agent's answer to a proxy prompt; null cancels it. */
  'network:proxy-answer': {
    args: z.tuple([
      z.number().int().positive(),
      z.strictObject({ username: z.string().min(1).max(256), password: z.string().max(1024) }).nullable(),
    ]),
    result: returns<boolean>(),
  },
} satisfies InvokeDeclarations;

export const updatesEvents = {
  'updates:changed': returns<UpdateState>(),
  /** A proxy asks for a password. */
  'network:proxy-sign-in': returns<ProxyPrompt>(),
} satisfies EventDeclarations;
