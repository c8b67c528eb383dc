import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { t } from '../../ui/i18n';

/**
 * The conversation header's less frequent actions. They show in the row like the rest while the
 * row fits; when it would not (a narrow pane, longer labels in another language) they fold behind
 * a "More actions" button, so the header keeps one row and no action hides under another.
 * `measureKey` names what changes the row's width (the actions shown, the language): it is
 * measured again unfolded whenever that changes. `children` receives `chosen`, for an action that
 * is not a plain button (a drop-down) to say it was chosen: the menu then closes as for a button.
 */
export function HeaderOverflow({
  children,
  measureKey,
}: {
  children: (chosen: () => void) => ReactNode;
  measureKey: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [folded, setFolded] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
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
  // Folding or unfolding hides the control that has the focus (an action that changed which
  // actions there are): the focus moves to what stands in its place, not to the page.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (!folded && focused === toggle.current)
      menu.current?.querySelector<HTMLElement>('button, [role="combobox"]')?.focus();
    else if (folded && !open && focused && menu.current?.contains(focused)) toggle.current?.focus();
  }, [folded]);
  useEffect(() => {
    if (!open) return;
    const away = (event: globalThis.MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // Up and down step through the actions, as in any list of choices; on a drop-down they
      // are its own (they open its list and move in it).
      if ((event.target as HTMLElement).closest('[role="combobox"], [role="listbox"]')) return;
      const items = [...(menu.current?.querySelectorAll<HTMLElement>('button, [role="combobox"]') ?? [])];
      if (items.length === 0) return;
      event.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length]?.focus();
    }
  };
  // Tabbing out of the list closes it, as clicking elsewhere does.
  const onBlur = (event: FocusEvent) => {
    if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  // A chosen action closes the list. Its control hides with it, so the focus comes back to
  // More actions rather than falling to the page, unless the action took it somewhere itself.
  const chosen = () => {
    if (!open) return;
    setOpen(false);
    const focused = document.activeElement;
    if (folded && (!focused || focused === document.body || root.current?.contains(focused))) toggle.current?.focus();
  };
  // A button is chosen by its click (Enter and Space too); a drop-down's own box only opens its list.
  const onClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('button')) chosen();
  };
  return (
    <div className={folded ? 'head-overflow folded' : 'head-overflow'} ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
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
      <div id={id} ref={menu} className={open ? 'head-more open' : 'head-more'} onClick={onClick}>
        {children(chosen)}
      </div>
    </div>
  );
}
