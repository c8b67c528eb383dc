import { z } from 'zod';
import { positiveIdSchema } from '../../api/schemas';

/**
 * How a channel is declared. An invoke channel is its arguments' schema (checked on the main
 * side before any handler runs) and its result; an event is its payload. Results and payloads
 * are main's own data for the renderer: `returns<T>()` gives their type and checks nothing.
 */
export const returns = <T>() => z.custom<T>(() => true);

export interface InvokeDeclaration {
  args: z.ZodType<unknown[]>;
  result: z.ZodType;
}

export type InvokeDeclarations = Record<string, InvokeDeclaration>;
export type EventDeclarations = Record<string, z.ZodType>;

/** IDs as the API gives them: 64-bit, so carried as decimal strings (src/shared/api/ids.ts). */
export const positiveId = () => positiveIdSchema;
export const conversationId = positiveId();
export const adminId = positiveId();
export const userId = positiveId();
