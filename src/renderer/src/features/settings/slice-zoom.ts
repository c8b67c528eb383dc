import { zoomStep } from '../../../../shared/zoom';
import { hostZoomsWindow } from '../../main-api';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';

/** The zoom last asked for while main has not answered every step yet: quick presses step on from it. */
let asked: number | null = null;
let unanswered = 0;

/** One zoom step (Ctrl+=, Ctrl+-, Ctrl+0 or the palette), kept in the settings and said in a notice. */
export function zoomBy(direction: 'in' | 'out' | 'reset'): void {
  const settings = usePerch.getState().settings;
  if (!settings) return;
  const zoomPercent = zoomStep(asked ?? settings.zoomPercent, direction);
  asked = zoomPercent;
  unanswered += 1;
  usePerch.getState().showNotice(t('zoom.changed', { percent: zoomPercent }));
  void usePerch
    .getState()
    .updateSettings({ zoomPercent })
    .finally(() => {
      unanswered -= 1;
      if (unanswered === 0) asked = null;
    });
}

/** Shows the zoom the settings hold where the page zooms itself (the browser host); Electron's main zooms its window. */
export function applyZoom(zoomPercent: number, root: HTMLElement = document.documentElement): void {
  if (hostZoomsWindow()) return;
  root.style.zoom = zoomPercent === 100 ? '' : String(zoomPercent / 100);
}

/** How far a Ctrl+wheel moves (in pixels) for one step: a mouse's notch, or a trackpad's pinch of that much. */
const WHEEL_PIXELS_PER_STEP = 50;
/** Wheel events further apart than this belong to different gestures. */
const GESTURE_GAP_MS = 1000;
const LINE_PIXELS = 40;
const PAGE_PIXELS = 800;

/**
 * Ctrl+wheel, and a trackpad's pinch (which browsers send as Ctrl+wheel), where the page zooms
 * itself (the browser host): steps the zoom as Ctrl+= and Ctrl+- do, instead of the browser
 * zooming the tab behind Perch's back. Electron's main hears the same through `zoom-changed`.
 */
export function followWheelZoom(target: Window = window): () => void {
  if (hostZoomsWindow()) return () => {};
  let pending = 0;
  let lastAt = -Infinity;
  const onWheel = (event: WheelEvent) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    if (event.deltaY === 0) return;
    // A gesture's movement counts together; what is left of one long past does not add to the next.
    if (event.timeStamp - lastAt > GESTURE_GAP_MS) pending = 0;
    lastAt = event.timeStamp;
    const unit =
      event.deltaMode === WheelEvent.DOM_DELTA_LINE
        ? LINE_PIXELS
        : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
          ? PAGE_PIXELS
          : 1;
    const delta = event.deltaY * unit;
    // Turning the other way starts afresh rather than cancelling what was gathered.
    if (Math.sign(delta) !== Math.sign(pending)) pending = 0;
    pending += delta;
    if (Math.abs(pending) < WHEEL_PIXELS_PER_STEP) return;
    zoomBy(pending < 0 ? 'in' : 'out');
    pending = 0;
  };
  target.addEventListener('wheel', onWheel, { passive: false });
  return () => target.removeEventListener('wheel', onWheel);
}
