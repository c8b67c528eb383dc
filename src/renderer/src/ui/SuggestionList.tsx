import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface SuggestionListOptions<T> {
  /** The listbox's ID; its options are `{id}-{i}`, its status line `{id}-status`. */
  id: string;
  open: boolean;
  items: readonly T[];
  itemKey(item: T): string | number;
  renderItem(item: T): ReactNode;
  onPick(item: T): void;
  /** Escape: the list goes until what it answers changes. */
  onDismiss(): void;
  /** The listbox's name, and the status line under it (how many, or why none). */
  label: string;
  status: ReactNode;
  /** The box's class and its data attribute (`data-saved-picker`), for styles and tests. */
  className: string;
  dataAttribute: `data-${string}`;
  /** The active option goes back to the first when this changes (the words typed). */
  resetOn: unknown;
  /** Tab picks too, as Enter does. */
  pickWithTab?: boolean;
  /** While the list is empty the arrows stay with it (else only Escape is taken). */
  arrowsWhenEmpty?: boolean;
}

/**
 * A list of suggestions under a text field that keeps the focus (the combobox's input): it names
 * this listbox and its active option; arrows move, Enter (and Tab if asked) picks, Escape
 * closes; a click picks without taking the focus. The composer's `/` and `@` pickers are these.
 */
export function useSuggestionList<T>(options: SuggestionListOptions<T>) {
  const { id, open, items, onPick } = options;
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [options.resetOn]);
  const optionId = (i: number) => `${id}-${i}`;

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open || (items.length === 0 && !options.arrowsWhenEmpty && event.key !== 'Escape')) return false;
    const move = (by: number) => setActive((i) => (items.length ? (i + by + items.length) % items.length : 0));
    const picks = event.key === 'Enter' || (options.pickWithTab === true && event.key === 'Tab');
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (picks && !event.ctrlKey && !event.metaKey && items[active]) onPick(items[active]);
    else if (event.key === 'Escape') options.onDismiss();
    else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const inputProps = open
    ? {
        'aria-controls': id,
        'aria-activedescendant': items[active] ? optionId(active) : undefined,
        'aria-describedby': `${id}-status`,
        'aria-autocomplete': 'list' as const,
      }
    : {};

  const list = open ? (
    <div className={options.className} {...{ [options.dataAttribute]: true }}>
      <ul id={id} role="listbox" aria-label={options.label}>
        {items.map((item, i) => (
          <li
            key={options.itemKey(item)}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(item)}
            onMouseMove={() => setActive(i)}
          >
            {options.renderItem(item)}
          </li>
        ))}
      </ul>
      <p id={`${id}-status`} className="saved-picker-status muted" role="status">
        {options.status}
      </p>
    </div>
  ) : null;

  return { open, list, inputProps, onKeyDown };
}
