import { rendererErrorReport, type RendererErrorReport } from '../../../../shared/diagnostics';
import type { PerchBridge } from '../../../../shared/ipc/contract';

let send: (report: RendererErrorReport) => void = () => {};

/**
 * Errors of the page go to Perch's log through main (`diagnostics:renderer-error`): uncaught
 * errors and promises nobody awaited here, React's through reportReactError. Main bounds how
 * many a minute it writes; a report that cannot be sent is dropped, never reported again.
 */
export function reportErrorsTo(bridge: PerchBridge): void {
  send = (report) => void bridge.invoke('diagnostics:renderer-error', report).catch(() => null);
  window.addEventListener('error', (event) => send(rendererErrorReport('error', event.error ?? event.message)));
  window.addEventListener('unhandledrejection', (event) =>
    send(rendererErrorReport('unhandledrejection', event.reason)),
  );
}

/** An error React caught in rendering (an error boundary, or the root's own when none did). */
export function reportReactError(error: unknown, componentStack?: string | null): void {
  send(rendererErrorReport('react', error, componentStack));
}
