import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_ACCOUNT_ID, type AccountId } from '../../../shared/accounts';
import { summarizeAccounts } from '../../../shared/accounts-summary';
import type { Id } from '../../../shared/api/types';
import { Emitter } from '../../../shared/emitter';
import { translator } from '../../../shared/i18n';
import type {
  AccountForm,
  AccountInfo,
  AccountChange,
  ConnectResult,
  EventMap,
  AccountsState,
} from '../../../shared/ipc/contract';
import { checkConnection, normalizeBaseUrl, sendsTokenSafely } from './connection-check';
import { ContractError, type ContractHandlers } from '../contract/contract-dispatch';
import type { Connection, ScopedLog } from '../ports';
import { errorFields, silentLogger } from '../log/logger';
import {
  currentShape,
  newSavedAccount,
  recoverSavedAccounts,
  savedAccountsSchema,
  type SavedAccount,
  type SavedAccounts,
} from './saved-accounts';
import { PageAttention, type ShownConversation } from '../attention/page-attention';
import { createAccountHandlers } from './handlers';
import { followDeepLink } from '../desktop/deep-link-router';
import { Alerts } from '../alerts/alerts';
import { appBadgeOf, trayDetails } from '../alerts/app-badge';
import { systemClock } from '../runtime/clock';
import { agentSettingsOf, withoutAccount } from '../settings/settings';
import type { Attention, Workspace } from '../workspace/workspace';
import { AccountTokens } from './account-tokens';
import { labelOf, liveUpdatesOf, withLook } from './account-looks';
import { RunningWorkspaces, type OpenWorkspace, type RunningWorkspace, type AccountsDeps } from './running-workspaces';

export { savedAccountsSchema, type SavedAccounts };
export type { OpenedWorkspace, AccountsDeps } from './running-workspaces';
export type { OpenWorkspace };

/**
 * The accounts Perch holds and their workspaces: every connected application of the platform,
 * and the demo beside them or alone. It owns adding (connect), removing (sign out) and a
 * refused token of each, one at a time, and answers the whole IPC contract: a workspace
 * channel goes to the workspace of the account it names.
 */
export class Accounts {
  readonly events = new Emitter<EventMap>();
  readonly handlers: ContractHandlers;
  private saved: SavedAccounts = {};
  private switching: Promise<unknown> = Promise.resolve();
  private readonly tokens: AccountTokens;
  private readonly log: ScopedLog;
  readonly running: RunningWorkspaces;
  /** The pages showing Perch, as the adapters see them: what the agent is looking at comes from here. */
  readonly pages: PageAttention;
  /** The OS's Do Not Disturb and the record of every alert, for every account. */
  readonly alerts: Alerts;
  /** What the tray was last given: it is written only when this changes. */
  private shownStatus = '';

  constructor(private readonly deps: AccountsDeps) {
    this.log = (deps.log ?? silentLogger).scope('accounts');
    this.tokens = new AccountTokens(deps.credentials, deps.plainStore);
    this.running = new RunningWorkspaces(deps, this.events, {
      labelOf: (id) => this.labelOf(id),
      liveUpdatesOf: (id) => this.liveUpdatesOf(id),
      refused: () => this.changed(),
      statusChanged: () => this.showStatus(),
    });
    this.alerts = new Alerts({
      clock: deps.clock ?? systemClock,
      settings: deps.settings,
      reader: deps.doNotDisturb,
      record: deps.alertRecord,
      applyDoNotDisturb: (on) => this.running.setAttention({ osDoNotDisturb: on }),
    });
    this.alerts.events.on('changed', (status) => this.events.emit('alerts:changed', status));
    this.handlers = createAccountHandlers(this, deps);
    this.pages = new PageAttention(this);
    let locale = deps.settings.get().locale;
    deps.settings.events.on('changed', (settings) => {
      this.events.emit('settings:changed', agentSettingsOf(settings));
      // What the badge counts follows each account's notification scope.
      this.showStatus();
      // Default labels ("Account 101") are in the agent's language: a new language renames them.
      if (settings.locale !== locale) {
        locale = settings.locale;
        this.changed();
      }
    });
    deps.damage.events.on('added', () => this.changed());
  }

  /** The first account's workspace (the demo when it is alone): what single-account scripts drive. */
  get workspace(): Workspace | null {
    return this.running.first()?.workspace ?? null;
  }

  workspaceOf(accountId: AccountId): Workspace | null {
    return this.running.get(accountId)?.workspace ?? null;
  }

  /** Every saved account whose token is found (and safe to send), and the demo beside them if kept or alone. */
  async start(): Promise<void> {
    this.alerts.start();
    // A damaged search store is moved aside and starts empty: what Perch reads fills it again, and the agent is told.
    const searchProblem = await this.deps.search?.load();
    if (searchProblem) this.deps.damage.add('search', searchProblem);
    const { value, problem } = await this.deps.file.load({ recover: recoverSavedAccounts });
    if (problem) this.deps.damage.add('account', problem);
    const { saved, migrated } = currentShape(value ?? {});
    this.saved = saved;
    if (migrated || problem) await this.deps.file.write(saved);
    await this.serialize(async () => {
      for (const account of this.accounts()) {
        const token = sendsTokenSafely(account.baseUrl) ? await this.tokens.read(account) : null;
        // One account that cannot start (a full disk, a broken folder) does not keep the others away.
        if (token)
          await this.running
            .open(this.connectionOf(account, token))
            .catch((error: unknown) => this.log.error('did not start', { account: account.id, ...errorFields(error) }));
      }
      await this.demoIfWanted();
    });
    this.changed();
  }

  state(): AccountsState {
    const accounts: AccountInfo[] = this.accounts().map((account) => ({
      id: account.id,
      mode: 'account',
      baseUrl: account.baseUrl,
      appId: account.appId,
      adminId: account.adminId,
      label: this.labelOf(account.id),
      color: account.color,
      status: this.statusOf(account),
      liveUpdates: account.liveUpdates !== false,
    }));
    const demo = this.running.get(DEMO_ACCOUNT_ID)?.connection;
    // Field by field: the connection holds the demo's token, which never leaves main.
    if (demo)
      accounts.push({
        id: DEMO_ACCOUNT_ID,
        mode: 'sandbox',
        baseUrl: demo.baseUrl,
        appId: demo.appId,
        adminId: demo.adminId,
        label: this.labelOf(DEMO_ACCOUNT_ID),
        color: this.saved.demoLook?.color ?? 'teal',
        status: 'connected',
        liveUpdates: this.liveUpdatesOf(DEMO_ACCOUNT_ID),
      });
    const connected = accounts.some((a) => a.mode === 'account' && a.status === 'connected');
    return {
      accounts,
      welcomed: this.saved.welcomed === true || connected,
      tokenStorage: this.tokens.kind,
      damaged: this.deps.damage.list(),
    };
  }

  /** Keeps the demo (the first-run choice), or brings it back beside the accounts. */
  async useDemo(): Promise<AccountsState> {
    await this.serialize(async () => {
      await this.save({ ...this.saved, welcomed: true, demo: true });
      await this.demoIfWanted();
    });
    this.changed();
    return this.state();
  }

  /** Adds an account, or reconnects one Perch holds (a new token, or another administrator). */
  async connect(form: AccountForm): Promise<ConnectResult> {
    const check = await checkConnection(form, this.deps.transport);
    if (!check.ok) return check;
    // From here on one change at a time: a sign-out or a rename meanwhile is not overwritten.
    return this.serialize(() => this.add(form, check));
  }

  private async add(form: AccountForm, check: { appId: Id; adminId: Id; missingOptional: string[] }) {
    const baseUrl = normalizeBaseUrl(form.baseUrl)!;
    const others = this.accounts();
    const fresh = newSavedAccount(baseUrl, check.appId, check.adminId, others);
    const before = others.find((a) => a.id === fresh.id);
    const next: SavedAccount = before ? { ...before, adminId: check.adminId } : fresh;
    const consented = form.allowPlainToken === true && this.tokens.acceptPlain();
    const token = form.token.trim();
    const refused = await this.tokens.keep(next, token);
    if (refused !== null)
      return { ok: false as const, failure: 'no-secure-storage' as const, missing: [], detail: refused };
    if (before) await this.tokens.forgetFormer(before, next);
    const accounts = before ? others.map((a) => (a.id === next.id ? next : a)) : [...others, next];
    await this.save({
      ...this.saved,
      accounts,
      welcomed: true,
      // The first real account takes the demo's place unless the agent keeps it beside.
      demo: form.keepDemo === true || (this.saved.demo === true && others.length > 0),
      ...(consented ? { allowPlainToken: true } : {}),
    });
    await this.running.open(this.connectionOf(next, token));
    await this.demoIfWanted();
    this.changed();
    return { ok: true as const, accountsState: this.state(), missingOptional: check.missingOptional };
  }

  /**
   * Signs one account out: its token and cached inbox are forgotten, its unsent writes stay for
   * a later sign-in, and the other accounts go on. Signing the demo out removes it.
   */
  async signOut(accountId: AccountId): Promise<AccountsState> {
    if (!this.holds(accountId)) throw new ContractError('not-found', 'Perch holds no such account');
    await this.serialize(() => (accountId === DEMO_ACCOUNT_ID ? this.removeDemo() : this.remove(accountId)));
    this.changed();
    return this.state();
  }

  private async removeDemo(): Promise<void> {
    // Alone, the demo stays: it goes back behind the first-run choice.
    const alone = !this.running.list().some((r) => r.connection.mode === 'account');
    await this.save({ ...this.saved, demo: false, ...(alone ? { welcomed: false } : {}) });
    await this.demoIfWanted();
  }

  private async remove(accountId: AccountId): Promise<void> {
    const account = this.accounts().find((a) => a.id === accountId);
    // The workspace stops first: nothing syncs with a token that is being forgotten.
    this.log.info('signing out', { account: accountId });
    await this.running
      .close(accountId)
      .catch((error: unknown) =>
        this.log.error('sign-out did not stop cleanly', { account: accountId, ...errorFields(error) }),
      );
    if (account) await this.tokens.forget(account);
    this.deps.search?.forget(accountId);
    const accounts = this.accounts().filter((a) => a.id !== accountId);
    await this.save({ ...this.saved, accounts, ...(accounts.length === 0 ? { welcomed: false } : {}) });
    await this.deps.settings.update((settings) => withoutAccount(settings, accountId));
    await this.demoIfWanted();
    if (account)
      await rm(join(this.deps.dataDir, account.id, `inbox-${account.appId}.json`), { force: true }).catch(() => {});
  }

  /** An account Perch holds: a saved one, or the demo while it runs. */
  holds(accountId: AccountId): boolean {
    return accountId === DEMO_ACCOUNT_ID
      ? this.running.get(DEMO_ACCOUNT_ID) !== undefined
      : this.accounts().some((a) => a.id === accountId);
  }

  /** The label and colour of an account's rows and notifications, and its live updates on or off. */
  async updateAccount(accountId: AccountId, look: AccountChange): Promise<AccountsState> {
    if (!this.holds(accountId)) throw new ContractError('not-found', 'Perch holds no such account');
    await this.serialize(async () => {
      await this.save(withLook(this.saved, accountId, look));
      // Off closes the realtime connection now; on opens one. Saved first, so a restart keeps the choice.
      if (look.liveUpdates !== undefined)
        await this.running.get(accountId)?.workspace.switchLiveUpdates(look.liveUpdates);
    });
    this.changed();
    return this.state();
  }

  /** Focus and visibility come from `pages`; the adapters set the machine's state here (idle, sleep, power). */
  setAttention(change: Partial<Attention>): void {
    this.running.setAttention(change);
  }

  setShown(shown: ShownConversation | null): void {
    this.running.setShown(shown);
  }

  networkReturned(): void {
    for (const running of this.running.list()) running.workspace.networkReturned();
  }

  notificationClicked(accountId: AccountId, conversationId: Id): void {
    this.workspaceOf(accountId)?.notificationClicked(conversationId);
  }

  /** A `perch://open/…` link from the OS or a page: the conversation opens, or the window says why not. */
  openLink(raw: string): void {
    const running = () => this.running.list().map((r) => r.connection.id);
    const open = (accountId: AccountId, id: Id) => this.notificationClicked(accountId, id);
    followDeepLink(raw, { running, open, events: this.events }, this.log);
  }

  /** The rows of every inbox and how each stands, for `inbox:get`. */
  inboxes() {
    return this.running.inboxes();
  }

  async close(): Promise<void> {
    this.alerts.stop();
    await this.serialize(() => this.running.closeAll());
    await this.deps.search?.flush();
  }

  dismissDamage(): AccountsState {
    this.deps.damage.clear();
    this.changed();
    return this.state();
  }

  private accounts(): SavedAccount[] {
    return this.saved.accounts ?? [];
  }

  private statusOf(account: SavedAccount): AccountInfo['status'] {
    const running = this.running.get(account.id);
    if (running) return running.refused ? 'refused' : 'connected';
    return sendsTokenSafely(account.baseUrl) ? 'no-token' : 'insecure';
  }

  private liveUpdatesOf(accountId: AccountId): boolean {
    return liveUpdatesOf(this.saved, accountId);
  }

  private labelOf(accountId: AccountId): string {
    return labelOf(this.saved, accountId, this.deps.translate?.() ?? translator('en'));
  }

  /**
   * The demo runs when kept, or when no account runs; else it is stopped. An account whose
   * token was refused keeps its place (its rows, marked, and its Reconnect): the demo does not
   * come back over it.
   */
  private async demoIfWanted(): Promise<void> {
    const accountsRunning = this.running.list().some((r) => r.connection.mode === 'account');
    const wanted = this.saved.demo === true || !accountsRunning;
    const running = this.running.get(DEMO_ACCOUNT_ID);
    if (wanted && !running) await this.running.openDemo();
    if (!wanted && running) await this.running.close(DEMO_ACCOUNT_ID);
  }

  private connectionOf(account: SavedAccount, token: string): Connection {
    const { id, baseUrl, appId, adminId } = account;
    return { id, mode: 'account', baseUrl, appId, adminId, token };
  }

  /**
   * The tray shows every account at once, by the rule the window follows too
   * (`summarizeAccounts`), with how fresh they are and how long a visitor has waited: written
   * once per change of what it shows, never again for the same. The badge follows every change.
   */
  private showStatus(state: AccountsState = this.state()): void {
    const now = (this.deps.clock ?? systemClock).now();
    const input = {
      ...summarizeAccounts(state.accounts, this.running.statuses()),
      ...trayDetails(this.running.list(), now),
    };
    const missingToken = state.accounts.some((a) => a.status === 'no-token');
    this.deps.badge?.show(appBadgeOf(this.running.list(), this.deps.settings.get().notifications, missingToken));
    const key = JSON.stringify(input);
    if (key === this.shownStatus) return;
    this.shownStatus = key;
    this.deps.indicator?.update(input);
  }

  private changed(): void {
    const state = this.state();
    this.events.emit('account:changed', state);
    // A refused token, a sign-in or a sign-out changes what the tray says as well.
    this.showStatus(state);
  }

  private async save(next: SavedAccounts): Promise<void> {
    this.saved = next;
    await this.deps.file.write(next);
  }

  /** Switches run one at a time: a double click on "Connect" cannot build two workspaces. */
  private serialize<T>(run: () => Promise<T>): Promise<T> {
    const next = this.switching.then(run, run);
    this.switching = next.catch(() => {});
    return next;
  }
}

export type { RunningWorkspace };
