import { z } from 'zod';
import { conversationId, returns, type EventDeclarations, type InvokeDeclarations } from './declare';
import { INBOX_RANGE_MAX, type InboxChange, type InboxPage, type InboxRange } from '../types';

const inboxRange: z.ZodType<InboxRange> = z.strictObject({
  offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  limit: z.number().int().min(1).max(INBOX_RANGE_MAX),
});

/** Nothing for the whole inbox, or one range; typed as one optional argument for the handler. */
const inboxGetArgs: z.ZodType<[range?: InboxRange]> = z.union([z.tuple([]), z.tuple([inboxRange])]);

/** Every account's inbox at once. */
export const mergedInboxInvoke = {
  /** The inboxes of all accounts merged newest first: all of it, or the range asked for (the first screen comes first). */
  'inbox:get': { args: inboxGetArgs, result: returns<InboxPage>() },
} satisfies InvokeDeclarations;

export const inboxInvoke = {
  /** The rows on the agent's screen now: Perch re-reads them first for changes no poll sees. */
  'inbox:viewing': { args: z.tuple([z.array(conversationId).max(200)]), result: returns<null>() },
  /** "Try now": the account polls, and every write waiting for its next attempt is sent, at once. */
  'inbox:try-now': { args: z.tuple([]), result: returns<null>() },
} satisfies InvokeDeclarations;

export const inboxEvents = {
  'inbox:changed': returns<InboxChange>(),
} satisfies EventDeclarations;
