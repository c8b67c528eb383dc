import { useEffect } from 'react';
import { create } from 'zustand';
import type { AlertEntry, AlertsStatus } from '../../../../shared/alerts';
import { mainApi } from '../../main-api';

export interface AlertsState {
  /** Whether the OS's Do Not Disturb holds notifications back now; null until main said. */
  status: AlertsStatus | null;
  /** Why each visitor message did or did not notify, newest first; null until read. */
  record: AlertEntry[] | null;
  /** Why the record could not be read, as main said it. */
  error: string | null;
  refresh(): Promise<void>;
}

/** What the window knows of alerts: the OS's Do Not Disturb, and the record Diagnostics shows. */
export const useAlerts = create<AlertsState>()((set) => ({
  status: null,
  record: null,
  error: null,
  async refresh() {
    const result = await mainApi()?.invoke('alerts:get');
    if (!result) return;
    if (result.ok) set({ status: result.value.status, record: result.value.record, error: null });
    else set({ error: result.error.message });
  },
}));

/** Reads the alerts and follows main's word on Do Not Disturb; returns the unsubscribe. */
function followAlerts(): () => void {
  const bridge = mainApi();
  if (!bridge) return () => {};
  void useAlerts.getState().refresh();
  return bridge.on('alerts:changed', (status) => useAlerts.setState({ status }));
}

/** Follows main's word on the OS's Do Not Disturb while the component using it is shown. */
export function useAlertsStatus(): AlertsStatus | null {
  useEffect(() => followAlerts(), []);
  return useAlerts((s) => s.status);
}
