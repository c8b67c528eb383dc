import { z } from 'zod';
import type { AlertEntry, AlertsStatus } from '../../alerts';
import { returns, type EventDeclarations, type InvokeDeclarations } from './declare';

/** What Diagnostics shows of alerts: whether the OS holds them back, and the record of every decision. */
export interface AlertsReport {
  status: AlertsStatus;
  /** Newest first, the last few hundred, with no message text and no token. */
  record: AlertEntry[];
}

export const alertsInvoke = {
  /** Why was I (not) notified: every decision about a visitor message, and the OS's Do Not Disturb. */
  'alerts:get': { args: z.tuple([]), result: returns<AlertsReport>() },
} satisfies InvokeDeclarations;

export const alertsEvents = {
  /** The OS's Do Not Disturb started or stopped holding notifications back. */
  'alerts:changed': returns<AlertsStatus>(),
} satisfies EventDeclarations;
