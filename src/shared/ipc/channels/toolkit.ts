import { z } from 'zod';
import type { ConversationPart } from '../../api/types';
import { SNOOZE_NOTE_MAX, type Snooze, type SnoozeReturned } from '../../snooze';
import { conversationId, positiveId, returns, type EventDeclarations, type InvokeDeclarations } from './declare';

/** Snooze and reminders (Perch's own: the platform has none), and the look before a reply goes. */
export const toolkitInvoke = {
  /** Snoozes a conversation until a time (ms since the epoch), with a note ('' for none) for a reminder. */
  'conversation:snooze': {
    args: z.tuple([
      conversationId,
      z
        .number()
        .int()
        .positive()
        .max(Date.UTC(2200, 0, 1)),
      z.string().max(SNOOZE_NOTE_MAX),
      /** The newest part the agent had on screen: only a visitor message after it brings the conversation back. */
      positiveId().nullable(),
    ]),
    result: returns<Snooze>(),
  },
  'conversation:wake': { args: z.tuple([conversationId]), result: returns<null>() },
  'snooze:list': { args: z.tuple([]), result: returns<Snooze[]>() },
  /**
   * The parts after the newest one the agent has on screen, as the server has them now: one
   * read of a page of parts, for the look before a reply goes. `more`: there are others after.
   */
  'conversation:newer': {
    args: z.tuple([conversationId, positiveId()]),
    result: returns<{ parts: ConversationPart[]; more: boolean }>(),
  },
} satisfies InvokeDeclarations;

export const toolkitEvents = {
  /** A snoozed conversation came back: at its time, or because the visitor wrote. */
  'snooze:returned': returns<SnoozeReturned>(),
} satisfies EventDeclarations;
