import { z } from 'zod';
import { LOG_TAIL_MAX_LINES, type DiagnosticsReport } from '../../diagnostics';
import { returns, type InvokeDeclarations } from './declare';

export const diagnosticsInvoke = {
  /** What Perch left out of the server's lists and why, for the agent to copy (no token, no contents). */
  'diagnostics:get': { args: z.tuple([]), result: returns<DiagnosticsReport>() },
  /** The last lines of Perch's log (oldest first, at most LOG_TAIL_MAX_LINES and 64 KB), already redacted. */
  'diagnostics:log': { args: z.tuple([z.number().int().min(1).max(LOG_TAIL_MAX_LINES)]), result: returns<string[]>() },
} satisfies InvokeDeclarations;
