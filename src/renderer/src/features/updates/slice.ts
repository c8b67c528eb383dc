import { create } from 'zustand';
import type { ProxyCredentials, ProxyPrompt, UpdatePreferencesChange, UpdateState } from '../../../../shared/updates';
import { mainApi } from '../../main-api';

type UpdateCall = 'updates:check' | 'updates:download' | 'updates:skip' | 'updates:restart';

export interface UpdatesStore {
  state: UpdateState | null;
  /** Proxies asking for a password, the first shown as a dialog. */
  proxyPrompts: ProxyPrompt[];
  answerProxy(id: number, credentials: ProxyCredentials | null): Promise<void>;
  /** Reads the state once and follows main's changes; returns the unsubscribe. */
  follow(): () => void;
  run(call: UpdateCall): Promise<void>;
  set(change: UpdatePreferencesChange): Promise<void>;
}

/** Perch's own updates as main reports them (main decides everything; this only shows and asks), and proxy sign-in. */
export const useUpdates = create<UpdatesStore>()((set, get) => {
  const apply = (result: { ok: true; value: UpdateState } | { ok: false } | undefined) => {
    if (result?.ok) set({ state: result.value });
  };
  return {
    state: null,
    proxyPrompts: [],
    follow() {
      const bridge = mainApi();
      if (!bridge) return () => {};
      const stops = [
        bridge.on('updates:changed', (state) => set({ state })),
        bridge.on('network:proxy-sign-in', (prompt) => {
          if (!get().proxyPrompts.some((p) => p.id === prompt.id))
            set({ proxyPrompts: [...get().proxyPrompts, prompt] });
        }),
      ];
      void bridge.invoke('updates:get').then(apply);
      void bridge.invoke('network:proxy-prompts').then((result) => {
        if (result.ok) set({ proxyPrompts: result.value });
      });
      return () => stops.forEach((stop) => stop());
    },
    async answerProxy(id, credentials) {
      set({ proxyPrompts: get().proxyPrompts.filter((p) => p.id !== id) });
      await mainApi()?.invoke('network:proxy-answer', id, credentials);
    },
    async run(call) {
      apply(await mainApi()?.invoke(call));
    },
    async set(change) {
      apply(await mainApi()?.invoke('updates:set', change));
    },
  };
});
