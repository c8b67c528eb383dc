import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { findRanges, paintMatches, useFind } from './slice-find';
import { t } from '../../ui/i18n';

/**
 * Find in the loaded messages of the open conversation: matches highlighted, Enter and
 * Shift+Enter to the next and previous, Escape closes and gives focus back.
 */
export function FindBar({ timeline, version }: { timeline: RefObject<HTMLOListElement | null>; version: unknown }) {
  const { open, asked, query, current, setQuery, step, close } = useFind();
  const input = useRef<HTMLInputElement>(null);
  const returnTo = useRef<Element | null>(null);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    if (!open) return;
    if (document.activeElement !== input.current) returnTo.current = document.activeElement;
    input.current?.focus();
    input.current?.select();
  }, [open, asked]);
  // Matches are found again as the query, the current one or the messages change.
  useEffect(() => {
    const root = timeline.current;
    if (!open || !root) return paintMatches([], 0);
    const ranges = findRanges(root, query);
    setTotal(ranges.length);
    const at = Math.min(current, Math.max(0, ranges.length - 1));
    paintMatches(ranges, at);
    ranges[at]?.startContainer.parentElement?.scrollIntoView({ block: 'center' });
  }, [open, query, current, timeline, version]);
  useEffect(() => () => paintMatches([], 0), []);

  if (!open) return null;
  const shut = () => {
    close();
    const back = returnTo.current;
    (back instanceof HTMLElement && back.isConnected ? back : timeline.current)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') step(event.shiftKey ? -1 : 1, total);
    else if (event.key === 'Escape') shut();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  const count = !query.trim() ? '' : total ? t('find.count', { n: current + 1, total }) : t('find.none');
  return (
    <div className="find-bar" role="search" onKeyDown={onKeyDown} data-find-bar>
      <input
        ref={input}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={t('find.label')}
        placeholder={t('find.label')}
        aria-describedby="find-count"
      />
      <span id="find-count" className="find-count muted" role="status">
        {count}
      </span>
      <button type="button" className="icon" aria-label={t('find.previous')} onClick={() => step(-1, total)}>
        ↑
      </button>
      <button type="button" className="icon" aria-label={t('find.next')} onClick={() => step(1, total)}>
        ↓
      </button>
      <button type="button" className="icon" aria-label={t('find.close')} onClick={shut}>
        ×
      </button>
    </div>
  );
}
