import type { DiagnosticsReport } from '../../../shared/diagnostics';
import type { Logger } from '../ports';
import type { Diagnostics } from './diagnostics';

/**
 * `diagnostics:*` (shared/ipc/channels/diagnostics.ts): what the API client left out, and the
 * log's last lines (typed against the contract where accounts/handlers.ts puts them together).
 */
export function diagnosticsHandlers(parts: { diagnostics?: Diagnostics; log?: Logger }) {
  return {
    'diagnostics:get': async (): Promise<DiagnosticsReport> =>
      parts.diagnostics?.report() ?? { skippedTotal: 0, skipped: [] },
    'diagnostics:log': async (maxLines: number): Promise<string[]> => (await parts.log?.tail(maxLines)) ?? [],
  };
}
