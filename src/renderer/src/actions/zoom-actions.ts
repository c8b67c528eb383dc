import { zoomStep } from '../../../shared/zoom';
import { hostZoomsWindow } from '../bridge';
import { t } from '../i18n';
import { usePerch } from '../state/store';

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
