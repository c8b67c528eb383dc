import { z } from 'zod';
import { returns, type InvokeDeclarations } from './declare';

export const linksInvoke = {
  /** Opens a link from a message in the browser, once main has checked it. */
  'link:open': { args: z.tuple([z.string().max(2048)]), result: returns<null>() },
} satisfies InvokeDeclarations;
