import { z } from 'zod';
import type { OutboxItem } from '../../outbox';
import { returns, type EventDeclarations, type InvokeDeclarations } from './declare';

const itemId = z.string().min(1).max(64);

/** Writes waiting for the server, and those that failed for good. */
export const outboxInvoke = {
  'outbox:list': { args: z.tuple([]), result: returns<OutboxItem[]>() },
  'outbox:retry': { args: z.tuple([itemId]), result: returns<boolean>() },
  'outbox:discard': { args: z.tuple([itemId]), result: returns<boolean>() },
  /** Takes back a write in its undo window (a close): false when it is too late, i.e. it is being sent or was. */
  'outbox:undo': { args: z.tuple([itemId]), result: returns<boolean>() },
} satisfies InvokeDeclarations;

export const outboxEvents = {
  'outbox:changed': returns<OutboxItem[]>(),
} satisfies EventDeclarations;
