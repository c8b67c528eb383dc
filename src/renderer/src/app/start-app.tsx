import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { PerchBridge } from '../../../shared/ipc/contract';
import { App } from './App';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import type { FirstRequests } from './first-requests';
import { followPreferences } from '../features/settings/slice-preferences';
import { prepareFormats } from '../ui/text/format';
import { restoreAndRememberPlace } from '../features/inbox/slice-place';
import { connectStore } from '../store';
import { followPageLink, listenForLinks } from '../features/conversation/slice-deep-link';
import { followWheelZoom } from '../features/settings/slice-zoom';
import { hideFirstScreen } from '../features/first-screen/first-screen';
import { keepFirstScreen } from '../features/first-screen/slice';

/** A host slower than this to answer still gets the app's frame on screen, its rows following. */
const SHELL_AFTER_MS = 500;
/** A window not on screen draws no frames: its rest of the rows come this long after the first. */
const REST_WITHOUT_FRAMES_MS = 300;
/** The saved first screen gives way to the app's own frame this long after it, rows or not. */
const FIRST_SCREEN_AT_MOST_MS = 3000;

/**
 * Mounts the app with the first screen's answers in hand (or what went wrong): one render and
 * one paint, not an empty frame painted first and the rows a frame later.
 */
export function startApp(bridge: PerchBridge, first: FirstRequests): void {
  // The language and theme come from main's settings once the bridge is up (store.connect).
  followPreferences();
  followWheelZoom();
  let screenShown = () => {};
  const firstScreenShown = new Promise<void>((resolve) => (screenShown = resolve));
  const loaded = connectStore(bridge, first, firstScreenShown);
  listenForLinks(bridge);
  const root = document.getElementById('root');
  if (!root) return screenShown();
  let mounted = false;
  const mount = () => {
    if (mounted) return;
    mounted = true;
    // Rendered and committed at once: a render in slices would let other work in between
    // (answers, events) while the agent waits for the first screen.
    flushSync(() =>
      createRoot(root).render(
        <StrictMode>
          <ScreenErrorBoundary>
            <App bridge={bridge} />
          </ScreenErrorBoundary>
        </StrictMode>,
      ),
    );
    // Once the first screen is up: the formats older rows and hovered times need, and the tab's
    // icon (the browser draws an SVG icon on this thread, ~10 ms the first screen need not wait for).
    const afterFirstScreen = () => {
      prepareFormats();
      showTabIcon();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(afterFirstScreen);
    else setTimeout(afterFirstScreen, 0);
  };
  void loaded.finally(() => {
    mount();
    // The rows are in the DOM now (one commit): the saved first screen over them goes in the
    // same task, so no frame shows neither; the app keeps it for the next start from here.
    hideFirstScreen();
    keepFirstScreen(bridge);
    // The view and conversation open before a reload come back; a link the page was opened with wins.
    void restoreAndRememberPlace().finally(() => followPageLink(bridge));
    // Once the frame with the first rows has been drawn, the rest of the rows may come; a window
    // started hidden in the tray draws no frames, and gets them a moment later.
    requestAnimationFrame(() => setTimeout(screenShown, 0));
    setTimeout(screenShown, REST_WITHOUT_FRAMES_MS);
  });
  setTimeout(mount, SHELL_AFTER_MS);
  setTimeout(hideFirstScreen, SHELL_AFTER_MS + FIRST_SCREEN_AT_MOST_MS);
}

function showTabIcon(): void {
  const icon = document.createElement('link');
  icon.rel = 'icon';
  icon.type = 'image/svg+xml';
  icon.href = './favicon.svg';
  document.head.append(icon);
}
