import type { IpcResult } from '../../../../shared/ipc/contract';
import type { AgentSettings, AgentSettingsChange } from '../../../../shared/settings';
import { describeError } from '../../ui/text/errors';
import { mainApi } from '../../main-api';
import type { SheetName } from '../../store/overlay-slice';

/** The agent's settings as main keeps them. */
export interface SettingsSlice {
  /** Null until first read. */
  settings: AgentSettings | null;
  /** Opens the settings screen, reading the settings first. */
  openSettings(): Promise<void>;
  updateSettings(change: AgentSettingsChange): Promise<void>;
  /** Reads main's settings (at start; or takes the answer to a read already sent), which the language and theme follow. */
  loadSettings(answer?: Promise<IpcResult<AgentSettings>>): Promise<void>;
}

/** The part of the store these actions read and write. */
interface SettingsStore extends SettingsSlice {
  error: string | null;
  openSheet(sheet: SheetName): void;
}

/** The store's slice of the agent's settings. */
export function settingsSlice(set: (state: Partial<SettingsStore>) => void, get: () => SettingsStore): SettingsSlice {
  return {
    settings: null,

    async loadSettings(answer) {
      const bridge = mainApi();
      if (!bridge) return;
      const result = await (answer ?? bridge.invoke('settings:get'));
      if (!result.ok) return set({ error: describeError(result.error) });
      set({ settings: result.value });
    },

    async openSettings() {
      const result = await mainApi()?.invoke('settings:get');
      if (result?.ok) {
        set({ settings: result.value });
        get().openSheet('settings');
      } else if (result) set({ error: describeError(result.error) });
    },

    async updateSettings(change) {
      // Language, theme and the inbox's order show at once; main's answer (or its refusal) settles what stays.
      const current = get().settings;
      if (current && (change.locale || change.theme || change.inboxSort))
        set({
          settings: {
            ...current,
            ...(change.locale ? { locale: change.locale } : {}),
            ...(change.theme ? { theme: change.theme } : {}),
            ...(change.inboxSort ? { inboxSort: change.inboxSort } : {}),
          },
        });
      const result = await mainApi()?.invoke('settings:update', change);
      if (result?.ok) set({ settings: result.value });
      else if (result) set({ error: describeError(result.error), ...(current ? { settings: current } : {}) });
    },
  };
}
