import type { AccountId } from '../../../../shared/accounts';
import type {
  AccountForm,
  AccountChange,
  ConnectResult,
  IpcResult,
  AccountsState,
} from '../../../../shared/ipc/contract';
import type { AgentSettings, AgentSettingsChange } from '../../../../shared/settings';
import { describeError } from '../../ui/text/errors';
import type { SheetName } from '../../store/overlay-slice';
import { mainApi } from '../../main-api';

/** The part of the store these actions read and write. */
interface AccountSlice extends AccountActions {
  accountsState: AccountsState | null;
  settings: AgentSettings | null;
  sheet: SheetName | null;
  error: string | null;
  openSheet(sheet: SheetName): void;
  closeSheet(sheet?: SheetName): void;
}

export interface AccountActions {
  /** Opens the settings screen, reading the settings first. */
  openSettings(): Promise<void>;
  updateSettings(change: AgentSettingsChange): Promise<void>;
  /** Reads main's settings (at start; or takes the answer to a read already sent), which the language and theme follow. */
  loadSettings(answer?: Promise<IpcResult<AgentSettings>>): Promise<void>;
  useDemo(): Promise<void>;
  connectAccount(form: AccountForm): Promise<ConnectResult | null>;
  /** Signs one account out (the demo: removes it); the others go on. */
  signOut(accountId: AccountId): Promise<void>;
  /** The label and colour of an account's rows. */
  updateAccount(accountId: AccountId, look: AccountChange): Promise<void>;
  /** The agent has read the notice about damaged files. */
  dismissDamage(): Promise<void>;
  /** An account that cannot sync polls now, and its outbox tries again. */
  tryNow(accountId: AccountId): Promise<void>;
}

/** The store's actions on the accounts (demo, connect, sign out) and the agent's settings. */
export function accountActions(set: (state: Partial<AccountSlice>) => void, get: () => AccountSlice): AccountActions {
  return {
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

    async useDemo() {
      const result = await mainApi()?.invoke('account:demo');
      if (!result?.ok) return;
      set({ accountsState: result.value });
      get().closeSheet('connect');
    },

    async connectAccount(form) {
      const bridge = mainApi();
      if (!bridge) return null;
      const result = await bridge.invoke('account:connect', form);
      if (!result.ok) {
        set({ error: describeError(result.error) });
        return null;
      }
      if (result.value.ok) get().closeSheet('connect');
      return result.value;
    },

    async signOut(accountId) {
      const result = await mainApi()?.invoke('account:sign-out', accountId);
      if (result && !result.ok) set({ error: describeError(result.error) });
    },

    async updateAccount(accountId, look) {
      const result = await mainApi()?.invoke('account:update', accountId, look);
      if (result && !result.ok) set({ error: describeError(result.error) });
    },

    async dismissDamage() {
      const result = await mainApi()?.invoke('account:dismiss-damage');
      if (result?.ok) set({ accountsState: result.value });
    },
    async tryNow(accountId) {
      await mainApi()?.invoke('inbox:try-now', accountId);
    },
  };
}
