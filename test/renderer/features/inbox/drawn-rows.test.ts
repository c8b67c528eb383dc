import { describe, expect, it } from 'vitest';
import {
  ROWS_AHEAD,
  ROWS_AROUND,
  ROWS_BEHIND,
  ROWS_PER_IDLE_STEP,
  rowsToRender,
  spanAround,
  stepTowards,
  type RowSpan,
} from '../../../../src/renderer/src/features/inbox/drawn-rows';

const range = (startIndex: number, endIndex: number, count = 1000, overscan = 0) => ({
  startIndex,
  endIndex,
  overscan,
  count,
});

/** Idle steps from `drawn` until the span stops moving; each step's growth is checked. */
function settle(drawn: RowSpan | null, wanted: RowSpan, inView: RowSpan, direction: 'forward' | 'backward' | null) {
  let steps = 0;
  for (;;) {
    const next = stepTowards(drawn, wanted, inView, direction);
    const before = drawn ?? inView;
    const added = Math.max(0, before.start - next.start) + Math.max(0, next.end - before.end);
    expect(added).toBeLessThanOrEqual(ROWS_PER_IDLE_STEP);
    if (drawn && next.start === drawn.start && next.end === drawn.end) return { drawn, steps };
    drawn = next;
    steps++;
  }
}

describe('rows drawn around the view', () => {
  it('reaches ahead of the scroll, keeps a few behind, and both ways at rest', () => {
    const inView = { start: 100, end: 110 };
    expect(spanAround(inView, 'forward', 1000)).toEqual({ start: 100 - ROWS_BEHIND, end: 110 + ROWS_AHEAD });
    expect(spanAround(inView, 'backward', 1000)).toEqual({ start: 100 - ROWS_AHEAD, end: 110 + ROWS_BEHIND });
    expect(spanAround(inView, null, 1000)).toEqual({ start: 100 - ROWS_AROUND, end: 110 + ROWS_AROUND });
    // Never past either end of the list.
    expect(spanAround({ start: 2, end: 12 }, 'backward', 15)).toEqual({ start: 0, end: 14 });
  });

  it('grows a few rows per idle moment, ahead of the scroll first, and drops what is no longer wanted at once', () => {
    const inView = { start: 100, end: 110 };
    const wanted = spanAround(inView, 'forward', 1000);
    const first = stepTowards(null, wanted, inView, 'forward');
    expect(first).toEqual({ start: 100, end: 110 + ROWS_PER_IDLE_STEP });
    const { drawn, steps } = settle(first, wanted, inView, 'forward');
    expect(drawn).toEqual(wanted);
    expect(steps).toBe(Math.ceil((ROWS_AHEAD + ROWS_BEHIND - ROWS_PER_IDLE_STEP) / ROWS_PER_IDLE_STEP));

    // The list moved on by 8 rows: the rows far behind go in the first step.
    const moved = { start: 108, end: 118 };
    const next = stepTowards(drawn, spanAround(moved, 'forward', 1000), moved, 'forward');
    expect(next.start).toBe(108 - ROWS_BEHIND);
    expect(next.end).toBe(110 + ROWS_AHEAD + 8);

    // An idle moment with room for fewer rows draws fewer.
    expect(stepTowards(null, wanted, inView, 'forward', 3)).toEqual({ start: 100, end: 113 });

    // Scrolling back up: rows above come first.
    const up = stepTowards(wanted, spanAround(inView, 'backward', 1000), inView, 'backward');
    expect(up).toEqual({ start: 100 - ROWS_BEHIND - ROWS_PER_IDLE_STEP, end: 110 + ROWS_BEHIND });
  });

  it('starts over from the view after a jump', () => {
    const far = { start: 5000, end: 5010 };
    expect(stepTowards({ start: 10, end: 50 }, spanAround(far, null, 9000), far, null)).toEqual({
      start: 5000 - ROWS_PER_IDLE_STEP / 2,
      end: 5010 + ROWS_PER_IDLE_STEP / 2,
    });
  });

  it('renders the view and the drawn span as one run of rows when they meet, the view alone when not', () => {
    expect(rowsToRender(range(10, 14, 1000, 1), null)).toEqual([9, 10, 11, 12, 13, 14, 15]);
    expect(rowsToRender(range(10, 14, 1000, 1), { start: 12, end: 20 })).toEqual([
      9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    // Meeting edge to edge still joins.
    expect(rowsToRender(range(10, 14, 1000, 0), { start: 15, end: 17 })).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    // A span left far behind (the list jumped) is not rendered, nor anything between.
    expect(rowsToRender(range(500, 504, 1000, 0), { start: 10, end: 40 })).toEqual([500, 501, 502, 503, 504]);
    // A list that got shorter never renders rows past its end.
    expect(rowsToRender(range(0, 4, 6, 0), { start: 0, end: 30 })).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
