import { z } from 'zod';
import type { DiagnosticsReport } from '../../diagnostics';
import { returns, type InvokeDeclarations } from './declare';

export const diagnosticsInvoke = {
  /** What Perch left out of the server's lists and why, for the agent to copy (no token, no contents). */
  'diagnostics:get': { args: z.tuple([]), result: returns<DiagnosticsReport>() },
} satisfies InvokeDeclarations;
