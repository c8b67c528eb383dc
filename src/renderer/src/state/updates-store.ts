import { create } from 'zustand';
import type { UpdatePreferencesChange, UpdateState } from '../../../shared/updates';
import type { PerchBridge } from '../../../shared/ipc/contract';
import { usePerch } from './store';

type UpdateCall = 'updates:check' | 'updates:download' | 'updates:skip' | 'updates:restart';

export interface UpdatesStore {
  state: UpdateState | null;
  /** Reads the state once and follows main's changes; returns the unsubscribe. */
  follow(bridge: PerchBridge): () => void;
  run(call: UpdateCall): Promise<void>;
  set(change: UpdatePreferencesChange): Promise<void>;
}

/** Perch's own updates as main reports them (main decides everything; this only shows and asks). */
export const useUpdates = create<UpdatesStore>()((set) => {
  const apply = (result: { ok: true; value: UpdateState } | { ok: false } | undefined) => {
    if (result?.ok) set({ state: result.value });
  };
  return {
    state: null,
    follow(bridge) {
      const stop = bridge.on('updates:changed', (state) => set({ state }));
      void bridge.invoke('updates:get').then(apply);
      return stop;
    },
    async run(call) {
      apply(await usePerch.getState().bridge?.invoke(call));
    },
    async set(change) {
      apply(await usePerch.getState().bridge?.invoke('updates:set', change));
    },
  };
});
