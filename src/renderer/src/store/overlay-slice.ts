import type { AccountInfo } from '../../../shared/ipc/contract';

/** The sheets shown over the workspace, at most one at a time. */
export type SheetName =
  | 'connect'
  | 'accounts'
  | 'settings'
  | 'diagnostics'
  | 'help'
  | 'palette'
  | 'saved-replies'
  | 'image-viewer'
  | 'snooze';

/** What shows over the workspace: the open sheet and the passing messages. */
export interface OverlaySlice extends OverlayActions {
  /** The sheet open over the workspace (the first run's connect screen shows by itself, without one). */
  sheet: SheetName | null;
  /** The account the connect screen reconnects (its address filled in), or null to add one. */
  connectFor: AccountInfo | null;
  /** A passing message that is not an error (e.g. connected with fewer scopes). */
  notice: string | null;
  error: string | null;
}

export interface OverlayActions {
  /** Opens a sheet in place of the one open. */
  openSheet(sheet: SheetName): void;
  /** Closes the sheet named if it is the one open; without a name, whichever is open. */
  closeSheet(sheet?: SheetName): void;
  /** Opens the connect screen to add an account, or to reconnect the one given (its address filled in). */
  openConnect(account?: AccountInfo): void;
  /** A passing message that is not an error. */
  showNotice(notice: string): void;
  /** The passing error and notice are read, or have been shown long enough. */
  dismissMessages(): void;
}

/** The store's slice of what shows over the workspace: the open sheet and the passing messages. */
export function overlaySlice(set: (state: Partial<OverlaySlice>) => void, get: () => OverlaySlice): OverlaySlice {
  return {
    sheet: null,
    connectFor: null,
    notice: null,
    error: null,
    openSheet: (sheet) => set({ sheet, connectFor: null }),
    closeSheet: (sheet) => {
      const open = get().sheet;
      if (open !== null && (sheet === undefined || sheet === open)) set({ sheet: null, connectFor: null });
    },
    openConnect: (account) => set({ sheet: 'connect', connectFor: account ?? null }),
    showNotice: (notice) => set({ notice }),
    dismissMessages: () => set({ error: null, notice: null }),
  };
}
