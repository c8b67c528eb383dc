/**
 * How many single-letter edits (insert, delete, replace, or swap of two neighbours) turn one
 * word into the other, counted up to `max` (anything beyond is `max + 1`).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/**
 * The existing tag a typed one is likely a slip of ("refnud" for "refund"), or null: none is
 * that close, or the tag exists as typed. Short tags allow one slip, longer ones two; case
 * alone counts as a slip too ("Refund").
 */
export function nearMiss(typed: string, known: readonly string[]): string | null {
  const tag = typed.trim();
  if (tag.length < 3 || known.includes(tag)) return null;
  const lower = tag.toLocaleLowerCase();
  const max = lower.length >= 6 ? 2 : 1;
  let best: { tag: string; distance: number } | null = null;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLocaleLowerCase(), max);
    if (distance <= max && (best === null || distance < best.distance)) best = { tag: candidate, distance };
  }
  return best?.tag ?? null;
}
