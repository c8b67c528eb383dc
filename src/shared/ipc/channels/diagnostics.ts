import { z } from 'zod';
import { LOG_TAIL_MAX_LINES, RENDERER_ERROR_LIMITS, type DiagnosticsReport } from '../../diagnostics';
import { returns, type InvokeDeclarations } from './declare';

const { name, message, stack } = RENDERER_ERROR_LIMITS;
/** An error of the window as main accepts it: known fields only, each bounded. */
const rendererErrorReport = z.strictObject({
  kind: z.enum(['error', 'unhandledrejection', 'react']),
  name: z.string().max(name),
  message: z.string().max(message),
  stack: z.string().max(stack).optional(),
  componentStack: z.string().max(stack).optional(),
});

export const diagnosticsInvoke = {
  /** What Perch left out of the server's lists and why, for the agent to copy (no token, no contents). */
  'diagnostics:get': { args: z.tuple([]), result: returns<DiagnosticsReport>() },
  /** The last lines of Perch's log (oldest first, at most LOG_TAIL_MAX_LINES and 64 KB), already redacted. */
  'diagnostics:log': { args: z.tuple([z.number().int().min(1).max(LOG_TAIL_MAX_LINES)]), result: returns<string[]>() },
  /** An error of the window, for main to write to Perch's log (a few a minute at most; the rest are counted). */
  'diagnostics:renderer-error': { args: z.tuple([rendererErrorReport]), result: returns<null>() },
} satisfies InvokeDeclarations;
