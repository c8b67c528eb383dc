import ElectronStore from 'electron-store';
import type { Settings, SettingsBackend } from './core/settings';

/** Settings in electron-store's JSON file; validation and migrations stay in core/settings.ts. */
export function electronStoreBackend(): SettingsBackend {
  const store = new ElectronStore<Record<string, unknown>>({ name: 'settings' });
  return {
    read: async () => store.store,
    write: async (settings: Settings) => {
      store.store = settings as unknown as Record<string, unknown>;
    },
  };
}
