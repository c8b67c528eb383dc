import { create } from 'zustand';
import type { DiagnosticsReport } from '../../../../shared/diagnostics';
import { usePerch } from '../../store';

export interface DiagnosticsState {
  report: DiagnosticsReport | null;
  /** Why the report could not be read, as main said it. */
  error: string | null;
  /** Opens the view with the current report (Settings or the command palette). */
  show(): Promise<void>;
  refresh(): Promise<void>;
  close(): void;
}

/** The diagnostics view: what Perch left out of the server's lists, for the agent to copy. */
export const useDiagnostics = create<DiagnosticsState>()((set, get) => ({
  report: null,
  error: null,

  async show() {
    usePerch.getState().openSheet('diagnostics');
    await get().refresh();
  },

  async refresh() {
    const result = await usePerch.getState().bridge?.invoke('diagnostics:get');
    if (!result) return;
    if (result.ok) set({ report: result.value, error: null });
    else set({ error: result.error.message });
  },

  close() {
    usePerch.getState().closeSheet('diagnostics');
  },
}));
