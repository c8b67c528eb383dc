import type { RendererErrorReport } from '../../../shared/diagnostics';
import type { Clock, ScopedLog } from '../ports';

/** Errors of the window written per minute at most: a window failing in a loop cannot flood the log. */
export const RENDERER_ERRORS_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

/**
 * Errors of the window (uncaught, unhandled rejections, caught by React) as lines of Perch's
 * log, under the scope the caller gives (`renderer`). The line says what failed and where: the
 * error's class and message, the top frame of its stack and the innermost component; the
 * logger bounds and redacts each value.
 */
export class RendererErrorLog {
  private windowStart = Number.NEGATIVE_INFINITY;
  private written = 0;
  private left = 0;

  constructor(
    private readonly log: ScopedLog,
    private readonly clock: Pick<Clock, 'now' | 'elapsed'>,
  ) {}

  report(report: RendererErrorReport): void {
    const now = this.clock.elapsed?.() ?? this.clock.now();
    if (now - this.windowStart >= MINUTE_MS) {
      if (this.left > 0) this.log.warn('left out errors of the window', { left: this.left });
      this.windowStart = now;
      this.written = 0;
      this.left = 0;
    }
    if (this.written >= RENDERER_ERRORS_PER_MINUTE) {
      if (this.left++ === 0) this.log.warn('too many errors of the window; the rest of this minute are counted');
      return;
    }
    this.written++;
    this.log.error('the window hit an error', {
      kind: report.kind,
      error: report.name,
      reason: report.message,
      at: topFrame(report.stack),
      component: topFrame(report.componentStack),
    });
  }
}

/** The first frame of a stack: Chromium's "    at f (url:1:2)" lines, or a line with an @ (other engines). */
function topFrame(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  for (const line of stack.split('\n', 50)) {
    const frame = line.trim();
    if (frame.startsWith('at ')) return frame.slice(3);
    if (frame.includes('@')) return frame;
  }
  return undefined;
}
