import { net, powerMonitor, type BrowserWindow } from 'electron';
import type { Sessions } from '../core/sessions';

const IDLE_AFTER_SECONDS = 120;

/** Feeds focus, visibility, idle, lock, sleep and power changes into the workspace's cadence. */
export function setupAttention(
  window: BrowserWindow,
  sessions: Pick<Sessions, 'setAttention' | 'networkReturned'>,
): () => void {
  const set = sessions.setAttention.bind(sessions);
  let idleNow = false;
  const visibility = () =>
    set({ windowFocused: window.isFocused(), windowVisible: window.isVisible() && !window.isMinimized() });
  for (const event of ['focus', 'blur', 'show', 'hide', 'minimize', 'restore'] as const)
    window.on(event as 'focus', visibility);

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
    if (now && !online) sessions.networkReturned();
    online = now;
  }, 5000);
  networkTimer.unref();

  return () => {
    clearInterval(idleTimer);
    clearInterval(networkTimer);
    for (const [event, handler] of handlers) powerMonitor.removeListener(event as 'suspend', handler);
  };
}
