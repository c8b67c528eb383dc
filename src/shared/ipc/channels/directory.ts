import { z } from 'zod';
import type { Id } from '../../api/types';
import type {
  ChannelSummary,
  LeadQuery,
  LeadRow,
  PropEdit,
  PropsOutcome,
  VisitorProfile,
  VisitorRow,
} from '../../directory';
import type { InboxRow } from '../../inbox';
import { propValueProblem } from '../../visitor-props';
import { returns, userId, type EventDeclarations, type InvokeDeclarations } from './declare';

const leadQuery: z.ZodType<LeadQuery> = z.strictObject({
  offset: z.number().int().min(0).max(9950),
  limit: z.number().int().min(1).max(50),
  sortProp: z.enum(['$last_seen', '$name', '$sessions', '$email']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(200).optional(),
  withEmail: z.boolean().optional(),
  withPhone: z.boolean().optional(),
});

/** The props endpoint takes at most 250 operations; keys are names, values short text or numbers. */
const propEdit: z.ZodType<PropEdit> = z
  .strictObject({
    op: z.enum(['update_or_create', 'delete']),
    key: z.string().trim().min(1).max(255),
    value: z.union([z.string().max(10_000), z.number().finite(), z.null()]).optional(),
  })
  .refine(
    (e) => e.op === 'delete' || typeof e.value !== 'string' || propValueProblem(e.key, e.value) === null,
    'an e-mail address or phone number that is not one',
  );

/** Channels, live visitors, leads and one visitor's profile. */
export const directoryInvoke = {
  'channels:get': { args: z.tuple([]), result: returns<ChannelSummary[]>() },
  /** Live visitors are polled only while watched; the result is the current list. */
  'visitors:watch': { args: z.tuple([z.boolean()]), result: returns<VisitorRow[]>() },
  'leads:page': { args: z.tuple([leadQuery]), result: returns<{ total: number; rows: LeadRow[] }>() },
  'visitor:get': { args: z.tuple([userId]), result: returns<VisitorProfile>() },
  /** Edits properties through the props endpoint; ignored operations come back with their reasons. */
  'visitor:edit-props': { args: z.tuple([userId, z.array(propEdit).min(1).max(250)]), result: returns<PropsOutcome>() },
  'visitor:unsubscribe': { args: z.tuple([userId]), result: returns<VisitorProfile>() },
  /** The visitor's latest conversations, newest first, as inbox rows. */
  'visitor:conversations': { args: z.tuple([userId]), result: returns<InboxRow[]>() },
  /** Starts a conversation from the admin side (sendmessage); returns its ID. */
  'visitor:message': { args: z.tuple([userId, z.string().trim().min(1).max(20000)]), result: returns<Id | null>() },
} satisfies InvokeDeclarations;

export const directoryEvents = {
  'channels:changed': returns<ChannelSummary[]>(),
  'visitors:changed': returns<VisitorRow[]>(),
} satisfies EventDeclarations;
