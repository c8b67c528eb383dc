/**
 * What the host running Perch's core can do for the agent beyond the contract's data: the
 * Electron app starts at login, lives in the tray, takes a global shortcut and shows the
 * system's notifications; a browser tab (the browser host) can do none of that. Main answers
 * with its own truth (`host:get`), and Settings offers only what the host can apply.
 */
export interface HostCapabilities {
  /** Starting Perch when the agent logs in to the computer. */
  loginItem: boolean;
  /** Starting in the tray without the window. */
  startHidden: boolean;
  /** A system-wide shortcut that shows Perch. */
  globalShortcut: boolean;
  /** Notifications of the operating system (rather than kept inside the page). */
  nativeNotifications: boolean;
}

/** The desktop app's: everything. */
export const DESKTOP_APP_HOST: HostCapabilities = {
  loginItem: true,
  startHidden: true,
  globalShortcut: true,
  nativeNotifications: true,
};

/** A browser tab's: none of it. */
export const BROWSER_TAB_HOST: HostCapabilities = {
  loginItem: false,
  startHidden: false,
  globalShortcut: false,
  nativeNotifications: false,
};
