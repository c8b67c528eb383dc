import { connectBridge } from './bridge';
import { reportErrorsTo } from './bridge/error-reports';
import { sendFirstRequests } from './first-requests';
import './styles.css';

// This entry is small on purpose: the first screen's requests are on their way to main while
// the app's code (React and the rest, most of the bytes) is still arriving and being parsed,
// or, behind a saved first screen, before it is even asked for (afterFirstFrame).
const bridge = connectBridge();
reportErrorsTo(bridge);
const first = sendFirstRequests(bridge);
const appCode = () => import('./start-app');
void (document.getElementById('first-screen') ? afterFirstFrame().then(appCode) : appCode()).then(
  ({ startApp }) => startApp(bridge, first),
  (error: unknown) => {
    // Only a damaged installation gets here; the language is not known yet, so both are said.
    console.error('perch: the app could not load', error);
    const notice = document.createElement('p');
    notice.className = 'placeholder';
    notice.setAttribute('role', 'alert');
    notice.textContent =
      'Perch could not load its screens. Reinstalling Perch should help. — Perch не смог загрузить окна. Переустановите Perch.';
    document.getElementById('root')?.replaceChildren(notice);
    document.getElementById('first-screen')?.remove();
  },
);

/**
 * With a saved first screen in the page, its first frame comes before the app's code, which is
 * most of the bytes and compiles on the main thread. A window that draws no frames (hidden)
 * waits a tenth of a second at most.
 */
function afterFirstFrame(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }),
    );
  });
}
