import { useCallback, useEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { Range, Virtualizer } from '@tanstack/react-virtual';
import {
  MS_PER_ROW,
  MS_PER_STEP,
  ROWS_PER_IDLE_STEP,
  rowsToRender,
  sameSpan,
  spanAround,
  stepTowards,
  type RowSpan,
} from './drawn-rows';

/** Fewer rows than this in an idle moment's room: drawing waits for a longer moment. */
const MIN_ROWS_PER_STEP = 2;

/** The span drawn around the view, for the list it was drawn for. */
interface DrawnSpan {
  listKey: string;
  span: RowSpan;
}

/**
 * Rows drawn ahead of a scroll while the main thread is idle, and rows left behind removed
 * then: a frame of fast scrolling finds its rows already drawn and only moves the list.
 * Returns the virtualizer's `rangeExtractor`; `useIdleDrawing` moves the span once the
 * virtualizer exists. Another list (view, filter, search) starts with none: its first render,
 * in the keystroke that made it, draws only what is in view.
 */
export function useDrawnRows(listKey: string) {
  const [drawn, setDrawn] = useState<DrawnSpan | null>(null);
  const span = drawn?.listKey === listKey ? drawn.span : null;
  const rangeExtractor = useCallback((range: Range) => rowsToRender(range, span), [span?.start, span?.end]);
  return { listKey, span, setDrawn, rangeExtractor };
}

export function useIdleDrawing(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  { listKey, span, setDrawn }: Pick<ReturnType<typeof useDrawnRows>, 'listKey' | 'span' | 'setDrawn'>,
  canvas: RefObject<HTMLElement | null>,
): void {
  const range = virtualizer.range;
  const direction = virtualizer.scrollDirection;
  const count = virtualizer.options.count;
  useEffect(() => {
    if (!range || count === 0) return;
    const inView = { start: range.startIndex, end: range.endIndex };
    const wanted = spanAround(inView, direction, count);
    if (sameSpan(span, wanted)) return;
    const step = (deadline: IdleDeadline) => {
      // As many rows as the idle moment has room for, so a step does not run into the next frame.
      const room = Math.min(ROWS_PER_IDLE_STEP, Math.floor((deadline.timeRemaining() - MS_PER_STEP) / MS_PER_ROW));
      if (room < MIN_ROWS_PER_STEP) {
        handle = requestIdleCallback(step);
        return;
      }
      const next = stepTowards(span, wanted, inView, direction, room);
      if (sameSpan(next, span)) return;
      flushSync(() => setDrawn({ listKey, span: next }));
      // The new rows' style and layout now, in the idle moment, rather than in the next frame.
      void canvas.current?.offsetHeight;
    };
    let handle = requestIdleCallback(step);
    return () => cancelIdleCallback(handle);
  }, [range?.startIndex, range?.endIndex, direction, count, listKey, span?.start, span?.end]);
}
