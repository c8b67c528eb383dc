import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { t } from '../i18n';

/**
 * The conversation header's less frequent actions. Wide windows show them in the row like the rest;
 * narrow ones (by CSS) fold them behind a "More actions" button, so the header keeps one row.
 */
export function HeaderOverflow({ children }: { children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: globalThis.MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };
  // A chosen action closes the list; a drop-down inside it does not.
  const onClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('button')) setOpen(false);
  };
  return (
    <div className="head-overflow" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        ref={toggle}
        className="more-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('conversation.moreActions')}
        title={t('conversation.moreActions')}
        onClick={() => setOpen(!open)}
      >
        <svg width="14" height="4" viewBox="0 0 14 4" aria-hidden="true">
          <circle cx="2" cy="2" r="1.6" fill="currentColor" />
          <circle cx="7" cy="2" r="1.6" fill="currentColor" />
          <circle cx="12" cy="2" r="1.6" fill="currentColor" />
        </svg>
      </button>
      <div id={id} className={open ? 'head-more open' : 'head-more'} onClick={onClick}>
        {children}
      </div>
    </div>
  );
}
