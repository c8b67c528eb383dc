import { z } from 'zod';
import type { HostCapabilities } from '../../host';
import { returns, type InvokeDeclarations } from './declare';

/** What the host running Perch can do for the agent (start at login, tray, global shortcut …). */
export const hostInvoke = {
  'host:get': { args: z.tuple([]), result: returns<HostCapabilities>() },
} satisfies InvokeDeclarations;
