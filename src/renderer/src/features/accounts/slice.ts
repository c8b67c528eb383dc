import type { AccountId } from '../../../../shared/accounts';
import type {
  AccountForm,
  AccountChange,
  AccountInfo,
  ConnectResult,
  AccountsState,
} from '../../../../shared/ipc/contract';
import type { Id } from '../../../../shared/api/types';
import { describeError } from '../../ui/text/errors';
import type { SheetName } from '../../store/overlay-slice';
import { mainApi } from '../../main-api';

/** The accounts Perch holds, as main last said. */
export interface AccountsSlice extends AccountActions {
  accountsState: AccountsState | null;
  /** Every account Perch holds, in its order (the demo last). */
  accounts: AccountInfo[];
  /** Whom "Mine" means in each account. */
  admins: ReadonlyMap<AccountId, Id>;
}

/** The part of the store these actions read and write. */
interface AccountsStore extends AccountsSlice {
  error: string | null;
  closeSheet(sheet?: SheetName): void;
}

export interface AccountActions {
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

/** The store's slice of the accounts (demo, connect, sign out, label). */
export function accountsSlice(set: (state: Partial<AccountsStore>) => void, get: () => AccountsStore): AccountsSlice {
  return {
    accountsState: null,
    accounts: [],
    admins: new Map(),

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
