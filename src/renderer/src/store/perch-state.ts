import type { AccountsSlice } from '../features/accounts/slice';
import type { ConversationSlice } from '../features/conversation/slice';
import type { InboxSlice } from '../features/inbox/slice';
import type { SearchSlice } from '../features/inbox/slice-search';
import type { SettingsSlice } from '../features/settings/slice';
import type { VisitorSlice } from '../features/visitor/slice';
import type { InvokeArgs, InvokeChannel, InvokeResult, IpcResult, PerchBridge } from '../../../shared/ipc/contract';
import type { FirstRequests } from '../app/first-requests';
import type { OverlaySlice } from './overlay-slice';

/** The composed store: each feature's slice (its state and actions), and the connection to main. */
export interface PerchState
  extends
    AccountsSlice,
    InboxSlice,
    SearchSlice,
    ConversationSlice,
    SettingsSlice,
    VisitorSlice,
    OverlaySlice,
    ConnectSlice {}

/** Loading every account and following main's events: what no one feature owns. */
export interface ConnectSlice {
  /**
   * Listens to main and loads the first screen, taking the answers to requests already sent if
   * given; the rest of the rows are asked for once `firstScreenShown` settles, if given.
   */
  connect(bridge: PerchBridge, first?: FirstRequests, firstScreenShown?: Promise<void>): Promise<void>;
  /**
   * Reads everything of every account anew (at start), from the given first rows if already
   * asked for; the rows after them once `restAfter` settles, if given.
   */
  load(firstRows?: FirstRequests['firstRows'], restAfter?: Promise<void>): Promise<void>;
  /** Reads one contract channel for a screen's own data (`useInvoke`); null before the store has connected. */
  read<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<IpcResult<InvokeResult<C>> | null>;
}
