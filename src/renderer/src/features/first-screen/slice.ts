import type { PerchBridge } from '../../../../shared/ipc/contract';
import { usePerch } from '../../store';
import { captureFirstScreen } from './first-screen';

/** The first capture comes this long after the app's first screen; then at most one each KEEP_EVERY_MS. */
const FIRST_KEEP_MS = 1000;
const KEEP_EVERY_MS = 5000;

/**
 * Keeps the first screen in main as it changes: a moment after the store changes (never more
 * often than KEEP_EVERY_MS), when the page is idle, and only what differs from the last one sent.
 */
export function keepFirstScreen(bridge: PerchBridge): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = '';
  const keep = () => {
    timer = null;
    // Not on screen, or not the inbox's top with rows: tried again a while later.
    const screen =
      document.visibilityState === 'visible'
        ? captureFirstScreen(document.getElementById('root'), usePerch.getState().screen === 'inbox')
        : null;
    if (!screen) return later();
    const json = JSON.stringify(screen);
    if (json === last) return;
    last = json;
    void bridge.invoke('first-screen:save', screen).then(
      (result) => {
        if (!result.ok) console.warn('perch: the first screen was not kept', result.error);
      },
      () => {},
    );
  };
  const later = (ms = KEEP_EVERY_MS) => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(keep, { timeout: 2000 });
      else keep();
    }, ms);
  };
  later(FIRST_KEEP_MS);
  const unsubscribe = usePerch.subscribe(() => later());
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}
