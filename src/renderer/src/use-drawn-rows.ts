import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { Range, Virtualizer } from '@tanstack/react-virtual';
import { rowsToRender, sameSpan, spanAround, stepTowards, type RowSpan } from './drawn-rows';

/** Below this much of an idle moment left, drawing waits for the next one. */
const MIN_IDLE_MS = 4;

/**
 * Rows drawn ahead of a scroll while the main thread is idle, and rows left behind removed
 * then: a frame of fast scrolling finds its rows already drawn and only moves the list.
 * Returns the virtualizer's `rangeExtractor`; `useIdleDrawing` moves the span once the
 * virtualizer exists.
 */
export function useDrawnRows() {
  const [drawn, setDrawn] = useState<RowSpan | null>(null);
  const rangeExtractor = useCallback((range: Range) => rowsToRender(range, drawn), [drawn]);
  return { drawn, setDrawn, rangeExtractor };
}

export function useIdleDrawing(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  { drawn, setDrawn }: Pick<ReturnType<typeof useDrawnRows>, 'drawn' | 'setDrawn'>,
  canvas: RefObject<HTMLElement | null>,
): void {
  const range = virtualizer.range;
  const direction = virtualizer.scrollDirection;
  const count = virtualizer.options.count;
  const latest = useRef(drawn);
  latest.current = drawn;
  useEffect(() => {
    if (!range || count === 0) return;
    const inView = { start: range.startIndex, end: range.endIndex };
    const wanted = spanAround(inView, direction, count);
    if (sameSpan(drawn, wanted)) return;
    const step = (deadline: IdleDeadline) => {
      if (!deadline.didTimeout && deadline.timeRemaining() < MIN_IDLE_MS) {
        handle = requestIdleCallback(step);
        return;
      }
      const next = stepTowards(latest.current, wanted, inView, direction);
      if (sameSpan(next, latest.current)) return;
      flushSync(() => setDrawn(next));
      // The new rows' style and layout now, in the idle moment, rather than in the next frame.
      void canvas.current?.offsetHeight;
    };
    let handle = requestIdleCallback(step);
    return () => cancelIdleCallback(handle);
  }, [range?.startIndex, range?.endIndex, direction, count, drawn]);
}
