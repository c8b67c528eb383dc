/** What Perch could not use from the server, kept for an agent to copy to whoever supports them. */

/** The most lines of Perch's log one `diagnostics:log` call returns. */
export const LOG_TAIL_MAX_LINES = 1000;

/** Which list an item came from. */
export type SkippedKind = 'conversation' | 'part' | 'channel' | 'visitor' | 'event' | 'item';

/** One item left out of a list because it did not have the shape Perch relies on. */
export interface SkippedItem {
  kind: SkippedKind;
  /** The item's ID as the server sent it, when it had one. */
  id: string | null;
  /** The first field that failed the check, and why (never the item's values). */
  reason: string;
  firstAt: number;
  lastAt: number;
  /** How often this same item was met and left out (each poll may meet it again). */
  times: number;
}

export interface DiagnosticsReport {
  /** Every time an item was left out since Perch started. */
  skippedTotal: number;
  /** The most recent distinct items, newest first. */
  skipped: SkippedItem[];
}

/** Plain text for the clipboard: no token, no item contents, only what was left out and why. */
export function diagnosticsText(report: DiagnosticsReport, now: Date): string {
  const lines = [`Perch diagnostics, ${now.toISOString()}`, `Items left out of lists: ${report.skippedTotal}`];
  for (const item of report.skipped) {
    const id = item.id === null ? 'without an ID' : `#${item.id}`;
    lines.push(`- ${item.kind} ${id}: ${item.reason} (${item.times}×, last ${new Date(item.lastAt).toISOString()})`);
  }
  return lines.join('\n');
}

/** How an error in the window reached its report: uncaught, a promise nobody awaited, or caught by React. */
export type RendererErrorKind = 'error' | 'unhandledrejection' | 'react';

/** An error of the window for main's log (`diagnostics:renderer-error`): what it was and where, clipped. */
export interface RendererErrorReport {
  kind: RendererErrorKind;
  /** The error's class ("TypeError"), or the type of what was thrown when it was no Error. */
  name: string;
  message: string;
  stack?: string | undefined;
  /** The components a React error passed through, innermost first. */
  componentStack?: string | undefined;
}

/** The longest fields main accepts; the window clips to them before sending. */
export const RENDERER_ERROR_LIMITS = { name: 100, message: 1000, stack: 4000 } as const;

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** A report of anything thrown, clipped to the limits main accepts. */
export function rendererErrorReport(
  kind: RendererErrorKind,
  thrown: unknown,
  componentStack?: string | null,
): RendererErrorReport {
  const error = thrown instanceof Error ? thrown : null;
  const name = error ? error.name || 'Error' : thrown === null ? 'null' : typeof thrown;
  const message = error ? error.message : typeof thrown === 'string' ? thrown : '';
  return {
    kind,
    name: clip(name, RENDERER_ERROR_LIMITS.name),
    message: clip(message, RENDERER_ERROR_LIMITS.message),
    stack: typeof error?.stack === 'string' ? clip(error.stack, RENDERER_ERROR_LIMITS.stack) : undefined,
    componentStack: componentStack ? clip(componentStack, RENDERER_ERROR_LIMITS.stack) : undefined,
  };
}
