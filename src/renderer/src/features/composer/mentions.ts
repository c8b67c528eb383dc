/** The `@` of a note's mention: where the name being typed starts, and what is typed of it. Pure. */

/** How far back from the caret a mention is looked for: names are short. */
const MENTION_MAX = 40;

/**
 * The mention being typed at the caret: an `@` at the start or after a space, with no line break
 * between it and the caret. Null when the caret is not in one (an e-mail address is not).
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(Math.max(0, caret - MENTION_MAX - 1), caret);
  const at = before.lastIndexOf('@');
  if (at === -1) return null;
  const start = caret - before.length + at;
  if (start > 0 && !/\s/.test(text[start - 1]!)) return null;
  const query = text.slice(start + 1, caret);
  if (/[\n@]/.test(query) || /^\s/.test(query)) return null;
  return { start, query };
}

/** Colleagues whose name has a word starting with what was typed (any case), the closest first. */
export function matchingColleagues<A extends { name: string }>(colleagues: readonly A[], query: string): A[] {
  const typed = query.trim().toLocaleLowerCase();
  if (!typed) return [...colleagues];
  const starts = (a: A) => a.name.toLocaleLowerCase().startsWith(typed);
  const wordStarts = (a: A) =>
    a.name
      .toLocaleLowerCase()
      .split(/\s+/)
      .some((_, i, words) => words.slice(i).join(' ').startsWith(typed));
  return [...colleagues.filter(starts), ...colleagues.filter((a) => !starts(a) && wordStarts(a))];
}

/** The text with the mention replaced by `@Name ` and where the caret goes after it. */
export function insertMention(
  text: string,
  mention: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${name} `;
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}
