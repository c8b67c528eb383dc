import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { t } from '../i18n';

/**
 * The conversation header's less frequent actions. They show in the row like the rest while the
 * row fits; when it would not (a narrow pane, longer labels in another language) they fold behind
 * a "More actions" button, so the header keeps one row and no action hides under another.
 * `measureKey` names what changes the row's width (the actions shown, the language): it is
 * measured again unfolded whenever that changes.
 */
export function HeaderOverflow({ children, measureKey }: { children: ReactNode; measureKey: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [folded, setFolded] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  /** The row's width with every action in it, measured the last time it was unfolded. */
  const unfoldedWidth = useRef(0);
  useLayoutEffect(() => setFolded(false), [measureKey]);
  useLayoutEffect(() => {
    const row = root.current?.parentElement;
    if (!row) return;
    const fit = () => {
      if (!root.current?.classList.contains('folded')) {
        unfoldedWidth.current = row.scrollWidth;
        if (row.scrollWidth > row.clientWidth) setFolded(true);
      } else if (row.clientWidth >= unfoldedWidth.current) setFolded(false);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(row);
    return () => observer.disconnect();
  }, [folded, measureKey]);
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
    <div className={folded ? 'head-overflow folded' : 'head-overflow'} ref={root} onKeyDown={onKeyDown}>
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
