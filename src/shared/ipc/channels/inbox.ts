import { z } from 'zod';
import { conversationId, returns, type EventDeclarations, type InvokeDeclarations } from './declare';
import type { InboxChange, InboxSnapshot } from '../types';

export const inboxInvoke = {
  'inbox:get': { args: z.tuple([]), result: returns<InboxSnapshot>() },
  /** The rows on the agent's screen now: Perch re-reads them first for changes no poll sees. */
  'inbox:viewing': { args: z.tuple([z.array(conversationId).max(200)]), result: returns<null>() },
} satisfies InvokeDeclarations;

export const inboxEvents = {
  'inbox:changed': returns<InboxChange>(),
} satisfies EventDeclarations;
