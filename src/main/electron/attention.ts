import { net, powerMonitor, type BrowserWindow } from 'electron';
import type { Accounts } from '../core/accounts/accounts';

const IDLE_AFTER_SECONDS = 120;

/**
 * Feeds the window's focus and visibility to the core's page model (the window is Perch's one
 * page here; a page loading anew shows no conversation), and idle, lock, sleep and power changes
 * to the workspaces' cadence.
 */
export function setupAttention(
  window: BrowserWindow,
  accounts: Pick<Accounts, 'setAttention' | 'networkReturned' | 'pages'>,
): () => void {
  const set = accounts.setAttention.bind(accounts);
  const page = window.webContents;
  let idleNow = false;
  const visibility = () =>
    accounts.pages.seen(page, { focused: window.isFocused(), visible: window.isVisible() && !window.isMinimized() });
  for (const event of ['focus', 'blur', 'show', 'hide', 'minimize', 'restore'] as const)
    window.on(event as 'focus', visibility);
  page.on('did-start-loading', () => accounts.pages.showing(page, null));
  window.on('closed', () => accounts.pages.left(page));

  const handlers: [string, () => void][] = [
    ['suspend', () => set({ suspended: true })],
    ['resume', () => set({ suspended: false })],
    ['lock-screen', () => set({ idle: true })],
    ['unlock-screen', () => set({ idle: false })],
    ['on-battery', () => set({ onBattery: true })],
    ['on-ac', () => set({ onBattery: false })],
  ];
  for (const [event, handler] of handlers) powerMonitor.on(event as 'suspend', handler);
  set({ onBattery: powerMonitor.isOnBatteryPower() });
  visibility();

  // Electron reports idle time only on request: look twice a minute.
  const idleTimer = setInterval(() => {
    const idle = powerMonitor.getSystemIdleTime() >= IDLE_AFTER_SECONDS;
    if (idle !== idleNow) set({ idle });
    idleNow = idle;
  }, 30_000);
  idleTimer.unref();

  // Electron has no "online" event in main: look every few seconds, act on the change.
  let online = net.isOnline();
  const networkTimer = setInterval(() => {
    const now = net.isOnline();
    if (now && !online) accounts.networkReturned();
    online = now;
  }, 5000);
  networkTimer.unref();

  return () => {
    clearInterval(idleTimer);
    clearInterval(networkTimer);
    for (const [event, handler] of handlers) powerMonitor.removeListener(event as 'suspend', handler);
  };
}
