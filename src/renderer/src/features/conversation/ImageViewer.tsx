import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cleanUserText } from '../../../../shared/text';
import { t } from '../../ui/i18n';
import { useImageData, useViewer } from './slice-image-viewer';
import { usePerch } from '../../store';
import { Sheet } from '../../ui/Sheet';

const ZOOMS = [0.5, 1, 1.5, 2, 3, 4];

/**
 * The images of the conversation, one at a time: ← → go through them, + and − zoom, Escape
 * closes and puts focus back on the thumbnail that opened it.
 */
export function ImageViewer() {
  const open = usePerch((s) => s.sheet === 'image-viewer');
  const index = useViewer((s) => s.index);
  if (!open) return null;
  return <Viewer index={index} />;
}

function Viewer({ index }: { index: number }) {
  const { images, accountId, step, close, returnTo } = useViewer();
  const openLink = usePerch((s) => s.openLink);
  const image = images[index]!;
  const { src, failed } = useImageData(accountId, image.url);
  const [zoom, setZoom] = useState(1);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeButton.current?.focus();
    // Once the viewer is gone (and the workspace no longer inert), focus goes back to the thumbnail.
    return () => {
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [returnTo]);
  useEffect(() => setZoom(1), [index]);
  const zoomBy = (by: 1 | -1) =>
    setZoom((z) => ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(z) + by))] ?? 1);
  const name = cleanUserText(image.name);

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': () => setZoom(1),
      Escape: close,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  return (
    <div onKeyDown={onKeyDown}>
      <Sheet
        className="sheet image-viewer"
        backdropClassName="image-viewer-backdrop"
        labelledBy="image-viewer-title"
        describedBy="image-viewer-keys"
        onClose={close}
      >
        <div className="image-viewer-head">
          <h2 id="image-viewer-title">{t('viewer.title', { n: index + 1, total: images.length, name })}</h2>
          <button type="button" className="icon" aria-label={t('viewer.zoomOut')} onClick={() => zoomBy(-1)}>
            −
          </button>
          <span className="muted image-viewer-zoom" aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className="icon" aria-label={t('viewer.zoomIn')} onClick={() => zoomBy(1)}>
            +
          </button>
          <button type="button" className="secondary" onClick={() => setZoom(1)}>
            {t('viewer.fit')}
          </button>
          <button type="button" className="icon" ref={closeButton} aria-label={t('viewer.close')} onClick={close}>
            ×
          </button>
        </div>
        <div className="image-viewer-stage" data-zoom={zoom}>
          {src ? (
            <img src={src} alt={name} style={{ transform: `scale(${zoom})` }} data-viewer-image />
          ) : failed ? (
            <p role="alert">{t('viewer.failed')}</p>
          ) : (
            <p className="muted">{t('viewer.loading')}</p>
          )}
        </div>
        <div className="image-viewer-foot">
          {images.length > 1 ? (
            <button type="button" className="secondary" onClick={() => step(-1)}>
              ← {t('viewer.previous')}
            </button>
          ) : null}
          <span id="image-viewer-keys" className="muted">
            {t('viewer.keys')}
          </span>
          <button type="button" className="link" onClick={() => openLink(image.url)}>
            {t('viewer.openOutside')}
          </button>
          {images.length > 1 ? (
            <button type="button" className="secondary" onClick={() => step(1)}>
              {t('viewer.next')} →
            </button>
          ) : null}
        </div>
      </Sheet>
    </div>
  );
}
