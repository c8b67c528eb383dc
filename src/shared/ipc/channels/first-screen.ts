import { z } from 'zod';
import { firstScreenSchema } from '../../first-screen';
import { returns, type InvokeDeclarations } from './declare';

/** The inbox's first screen, kept to be drawn before the app's code runs at the next start. */
export const firstScreenInvoke = {
  'first-screen:save': { args: z.tuple([firstScreenSchema]), result: returns<null>() },
} satisfies InvokeDeclarations;
