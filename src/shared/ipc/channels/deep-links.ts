import { z } from 'zod';
import type { DeepLinkProblem } from '../../deep-links';
import { returns, type EventDeclarations, type InvokeDeclarations } from './declare';

/** `perch://open/…` links from outside Perch (src/shared/deep-links.ts). */
export const deepLinkInvoke = {
  /**
   * Follows a link the page was opened with (the browser host's `?open=`); main checks it as
   * it checks one from the OS. The answer is `conversation:navigate`, or `deep-link:refused`.
   */
  'deep-link:open': { args: z.tuple([z.string().max(2048)]), result: returns<null>() },
} satisfies InvokeDeclarations;

export const deepLinkEvents = {
  /** A link was not followed: not one of Perch's, or naming an account Perch does not hold. */
  'deep-link:refused': returns<{ problem: DeepLinkProblem }>(),
} satisfies EventDeclarations;
