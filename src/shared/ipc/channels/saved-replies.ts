import { z } from 'zod';
import type { SavedRepliesImport, SavedReply } from '../../saved-replies';
import { SAVED_REPLY_LIMITS } from '../../saved-replies';
import { savedReplyInputSchema } from '../../saved-replies-schema';
import { returns, type InvokeDeclarations } from './declare';

/** The agent's saved replies, kept by main in one file for every account. */
export const savedRepliesInvoke = {
  'saved-replies:list': { args: z.tuple([]), result: returns<SavedReply[]>() },
  /** Adds a reply, or changes the one its ID names. */
  'saved-replies:save': { args: z.tuple([savedReplyInputSchema]), result: returns<SavedReply[]>() },
  'saved-replies:remove': { args: z.tuple([z.string().max(64)]), result: returns<SavedReply[]>() },
  /** The text of a file the agent picked: checked whole, and nothing changes unless all of it is good. */
  'saved-replies:import': {
    args: z.tuple([z.string().max(SAVED_REPLY_LIMITS.fileBytes * 2)]),
    result: returns<SavedRepliesImport>(),
  },
  /** Every saved reply as the text of an export file. */
  'saved-replies:export': { args: z.tuple([]), result: returns<string>() },
} satisfies InvokeDeclarations;
