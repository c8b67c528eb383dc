import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

/** A span of row indexes, both ends included. */
export interface RowSpan {
  start: number;
  end: number;
}

/** Rows drawn ahead of the screen in the direction the list is scrolling: about three frames of a fast scroll. */
export const ROWS_AHEAD = 24;
/** Rows kept behind the screen while scrolling: a small step back finds them drawn. */
export const ROWS_BEHIND = 6;
/** Rows drawn on each side of a list at rest: the first frame of a fast scroll (8 rows and the overscan) finds them drawn. */
export const ROWS_AROUND = 16;
/** At most this many rows are drawn in one idle moment. */
export const ROWS_PER_IDLE_STEP = 10;
/** What drawing one row costs (script, style and layout), measured on a slow 2-core machine. */
export const MS_PER_ROW = 0.5;
/** What a step costs besides its rows: rendering the list again and laying it out. */
export const MS_PER_STEP = 2;

/**
 * The span of rows to have drawn around the rows in view, given the way the list moves.
 * `null` direction: the list is at rest.
 */
export function spanAround(inView: RowSpan, direction: 'forward' | 'backward' | null, count: number): RowSpan {
  const before = direction === 'forward' ? ROWS_BEHIND : direction === 'backward' ? ROWS_AHEAD : ROWS_AROUND;
  const after = direction === 'forward' ? ROWS_AHEAD : direction === 'backward' ? ROWS_BEHIND : ROWS_AROUND;
  const last = count - 1;
  return {
    start: Math.max(0, Math.min(inView.start, last) - before),
    end: Math.min(last, Math.max(inView.end, 0) + after),
  };
}

/**
 * One idle step from the span drawn now towards the span wanted: rows that are no longer
 * wanted go at once (removing is cheap), new ones come at most `budget` at a time, ahead of
 * the scroll first. A span that does not touch the rows in view (after a jump)
 * starts over from them.
 */
export function stepTowards(
  drawn: RowSpan | null,
  wanted: RowSpan,
  inView: RowSpan,
  direction: 'forward' | 'backward' | null,
  budget = ROWS_PER_IDLE_STEP,
): RowSpan {
  const from = drawn && drawn.start <= inView.end + 1 && drawn.end >= inView.start - 1 ? drawn : inView;
  let start = Math.max(wanted.start, Math.min(from.start, inView.start));
  let end = Math.min(wanted.end, Math.max(from.end, inView.end));
  const growEnd = (rows: number) => {
    const next = Math.min(wanted.end, end + rows);
    budget -= next - end;
    end = next;
  };
  const growStart = (rows: number) => {
    const next = Math.max(wanted.start, start - rows);
    budget -= start - next;
    start = next;
  };
  // Ahead of the scroll first; at rest, half below and half above.
  if (direction === 'backward') growStart(budget);
  else if (direction === 'forward') growEnd(budget);
  else growEnd(Math.ceil(budget / 2));
  growStart(budget);
  growEnd(budget);
  return { start, end };
}

/**
 * The row indexes to render: the virtualizer's own (the rows in view and its overscan) and the
 * span drawn in idle moments, when the two meet. A span far from the view (after a jump) is
 * not drawn: only the rows around the view are, until the next idle moment.
 */
export function rowsToRender(range: Range, drawn: RowSpan | null): number[] {
  const own = defaultRangeExtractor(range);
  if (!drawn || own.length === 0) return own;
  const first = own[0]!;
  const last = own[own.length - 1]!;
  if (drawn.end < first - 1 || drawn.start > last + 1) return own;
  const start = Math.min(first, drawn.start);
  const end = Math.min(range.count - 1, Math.max(last, drawn.end));
  const indexes: number[] = [];
  for (let index = start; index <= end; index++) indexes.push(index);
  return indexes;
}

export function sameSpan(a: RowSpan | null, b: RowSpan | null): boolean {
  return a === b || (a !== null && b !== null && a.start === b.start && a.end === b.end);
}
