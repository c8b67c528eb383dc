import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectBridge } from './bridge';
import { followPreferences } from './follow-preferences';
import { prepareFormats } from './format';
import { usePerch } from './store';
import './styles.css';
import './layout.css';

/** A host slower than this to answer still gets the app's frame on screen, its rows following. */
const SHELL_AFTER_MS = 500;

// The language and theme come from main's settings once the bridge is up (store.connect).
followPreferences();
const bridge = connectBridge();
// The first screen's requests go out before anything renders, and the app mounts with the
// first rows (or what went wrong) in hand: one render and one paint, not an empty frame
// painted first and the rows a frame later, with the answers waiting behind that paint.
const loaded = usePerch.getState().connect(bridge);
// While the main thread waits for the answers, not before the requests are on their way.
if (typeof requestIdleCallback === 'function') requestIdleCallback(prepareFormats);
const root = document.getElementById('root');
if (root) {
  let mounted = false;
  const mount = () => {
    if (mounted) return;
    mounted = true;
    createRoot(root).render(
      <StrictMode>
        <App bridge={bridge} />
      </StrictMode>,
    );
  };
  void loaded.finally(mount);
  setTimeout(mount, SHELL_AFTER_MS);
}
