import type { ActionsOf } from '../../store/actions-of';
import { create } from 'zustand';
import type { DiagnosticsReport } from '../../../../shared/diagnostics';
import type { IpcResult } from '../../../../shared/ipc/contract';
import { usePerch } from '../../store';
import { mainApi } from '../../main-api';

export interface DiagnosticsState {
  report: DiagnosticsReport | null;
  /** Why the report could not be read, as main said it. */
  error: string | null;
  /** Opens the view with the current report (Settings or the command palette). */
  show(): Promise<void>;
  refresh(): Promise<void>;
  close(): void;
  /** The last lines of Perch's log (null: the store has not connected yet). */
  readLog(lines: number): Promise<IpcResult<string[]> | null>;
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
    const result = await mainApi()?.invoke('diagnostics:get');
    if (!result) return;
    if (result.ok) set({ report: result.value, error: null });
    else set({ error: result.error.message });
  },

  close() {
    usePerch.getState().closeSheet('diagnostics');
  },

  async readLog(lines) {
    return (await mainApi()?.invoke('diagnostics:log', lines)) ?? null;
  },
}));

/** The diagnostics store's actions, for code outside a component (the command table): data is read with a selector. */
export const diagnosticsActions = (): ActionsOf<DiagnosticsState> => useDiagnostics.getState();
