import type { DiagnosticsReport, RendererErrorReport } from '../../../shared/diagnostics';
import type { Clock, Logger } from '../ports';
import { silentLogger } from './logger';
import { RendererErrorLog } from './renderer-errors';
import type { Diagnostics } from './diagnostics';

/**
 * `diagnostics:*` (shared/ipc/channels/diagnostics.ts): what the API client left out, and the
 * log's last lines, and the window's errors written to the log (typed against the contract where accounts/handlers.ts puts them together).
 */
export function diagnosticsHandlers(parts: { diagnostics?: Diagnostics; log?: Logger; clock: Clock }) {
  const rendererErrors = new RendererErrorLog((parts.log ?? silentLogger).scope('renderer'), parts.clock);
  return {
    'diagnostics:get': async (): Promise<DiagnosticsReport> =>
      parts.diagnostics?.report() ?? { skippedTotal: 0, skipped: [] },
    'diagnostics:log': async (maxLines: number): Promise<string[]> => (await parts.log?.tail(maxLines)) ?? [],
    'diagnostics:renderer-error': async (report: RendererErrorReport): Promise<null> => (
      rendererErrors.report(report),
      null
    ),
  };
}
