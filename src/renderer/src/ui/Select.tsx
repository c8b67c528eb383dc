import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

interface SelectProps<V extends string> {
  /** The accessible name, unless `labelledBy` names an element that holds it. */
  label?: string;
  labelledBy?: string;
  value: V;
  options: SelectOption<V>[];
  onChange: (value: V) => void;
  /** Shown when the value is none of the options (a prompt such as "Saved replies"). */
  placeholder?: string;
  /** Shown in place of the placeholder in a compact drop-down; its name is `label`, shown as a tooltip too. */
  icon?: ReactNode;
  className?: string;
  /** Called when the list opens: lets a caller gather options only when they are needed. */
  onOpen?: () => void;
  comboRef?: Ref<HTMLDivElement>;
}

/**
 * A drop-down in Perch's own colours in place of the native <select>: the WAI-ARIA select-only
 * combobox. Focus stays on the combobox; ↑/↓ or Enter opens it; open, ↑/↓, Home/End and typed letters move
 * through the options, Enter or Space picks, Escape closes without picking. Closed, letters are the app's commands. Keys it handles never reach the app's shortcuts.
 */
export function Select<V extends string>({
  label,
  labelledBy,
  value,
  options,
  onChange,
  placeholder,
  icon,
  className,
  onOpen,
  comboRef,
}: SelectProps<V>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<{
    left: number;
    top?: number;
    bottom?: number;
    minWidth: number;
    maxHeight: number;
  } | null>(null);
  const combo = useRef<HTMLDivElement | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const selectedIndex = options.findIndex((o) => o.value === value);
  const current = options[selectedIndex];

  const show = () => {
    onOpen?.();
    setActive(Math.max(0, selectedIndex));
    setOpen(true);
  };
  const pick = (index: number) => {
    const option = options[index];
    setOpen(false);
    if (option && option.value !== value) onChange(option.value);
  };

  // The list is placed by the window, so no scrolling container clips it; above the box when there is no room below.
  useLayoutEffect(() => {
    if (!open || !combo.current) return;
    const box = combo.current.getBoundingClientRect();
    const below = window.innerHeight - box.bottom - 8;
    const above = box.top - 8;
    const maxHeight = Math.min(320, Math.max(below, above));
    setPlace(
      below >= Math.min(200, options.length * 32 + 12) || below >= above
        ? { left: box.left, top: box.bottom + 4, minWidth: box.width, maxHeight: Math.min(320, below) }
        : { left: box.left, bottom: window.innerHeight - box.top + 4, minWidth: box.width, maxHeight },
    );
  }, [open, options.length]);
  useEffect(() => {
    if (!open) return;
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!combo.current?.contains(event.target as Node) && !list.current?.contains(event.target as Node))
        setOpen(false);
    };
    const reflow = () => setOpen(false);
    document.addEventListener('mousedown', away);
    window.addEventListener('resize', reflow);
    return () => {
      document.removeEventListener('mousedown', away);
      window.removeEventListener('resize', reflow);
    };
  }, [open]);

  const typeAhead = (key: string) => {
    const now = Date.now();
    typed.current = {
      text: now - typed.current.at < 700 ? typed.current.text + key.toLowerCase() : key.toLowerCase(),
      at: now,
    };
    const from = open ? active : Math.max(0, selectedIndex);
    const order = [...options.keys()].map((i) => (from + (typed.current.text.length > 1 ? 0 : 1) + i) % options.length);
    return order.find((i) => options[i]!.label.toLowerCase().startsWith(typed.current.text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = event.key;
    const last = options.length - 1;
    let handled = true;
    if (!open) {
      // Closed, letters stay the app's single-key commands (J, N, E…): a drop-down the agent just
      // used keeps the focus, and a letter must never quietly pick another order or language.
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') show();
      else handled = false;
    } else if (key === 'ArrowDown') setActive((i) => Math.min(last, i + 1));
    else if (key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (key === 'Home' || key === 'PageUp') setActive(0);
    else if (key === 'End' || key === 'PageDown') setActive(last);
    else if (key === 'Enter' || key === ' ') pick(active);
    else if (key === 'Escape') setOpen(false);
    else if (key === 'Tab') {
      pick(active);
      handled = false;
    } else if (key.length === 1 && !event.ctrlKey && !event.metaKey) {
      const found = typeAhead(key);
      if (found !== undefined) setActive(found);
    } else handled = false;
    if (!handled) return;
    if (key !== 'Tab') event.preventDefault();
    event.stopPropagation();
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div className={`select${className ? ` ${className}` : ''}`}>
      <div
        ref={(el) => {
          combo.current = el;
          if (typeof comboRef === 'function') comboRef(el);
          else if (comboRef) comboRef.current = el;
        }}
        role="combobox"
        tabIndex={0}
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        title={icon && !current ? label : undefined}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(active) : undefined}
        className="select-box"
        data-value={value}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        <span className="select-value">{current?.label ?? icon ?? placeholder ?? ''}</span>
        <svg className="select-caret" width="10" height="6" viewBox="0 0 10 6" aria-hidden="true">
          <path
            d="M1 1l4 4 4-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <ul
        id={listId}
        ref={list}
        role="listbox"
        aria-label={label}
        aria-labelledby={labelledBy}
        className="select-list"
        hidden={!open}
        onMouseDown={(e) => e.preventDefault()}
        style={
          place
            ? {
                left: place.left,
                top: place.top,
                bottom: place.bottom,
                minWidth: place.minWidth,
                maxHeight: place.maxHeight,
              }
            : undefined
        }
      >
        {open
          ? options.map((option, i) => (
              <li
                key={option.value}
                id={optionId(i)}
                role="option"
                aria-selected={i === selectedIndex}
                data-index={i}
                data-value={option.value}
                className={i === active ? 'active' : undefined}
                onMouseMove={() => setActive(i)}
                onClick={() => pick(i)}
              >
                {option.label}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
