import type { ConversationKey } from '../../../../shared/accounts';

/**
 * The rows of the inbox list the agent picked for a bulk action: Ctrl/Cmd+click or X toggles
 * one, Shift+click takes the range from the anchor, Shift+J / Shift+K move the range's far end (the
 * cursor) down or up. Pure: the bulk store holds it, the list draws it.
 */
export interface Selection {
  keys: ReadonlySet<ConversationKey>;
  /** Where a Shift+click range starts: the row last toggled. */
  anchor: ConversationKey | null;
  /** The range's moving end, where Shift+J / Shift+K go on from (the list's focus ring shows it). */
  cursor: ConversationKey | null;
}

export const NO_SELECTION: Selection = { keys: new Set(), anchor: null, cursor: null };

/** Adds the row, or takes it out. */
export function toggled(selection: Selection, key: ConversationKey): Selection {
  const keys = new Set(selection.keys);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { keys, anchor: key, cursor: key };
}

/**
 * Adds every row between the anchor and `key`, in the list's order. Without an anchor the range
 * starts at `from` (the open conversation), else it is the row alone.
 */
export function extendedTo(
  selection: Selection,
  key: ConversationKey,
  list: readonly ConversationKey[],
  from: ConversationKey | null,
): Selection {
  const start = [selection.anchor, from].find((k) => k !== null && list.includes(k)) ?? key;
  const [a, b] = [list.indexOf(start), list.indexOf(key)];
  if (b === -1) return selection;
  const keys = new Set(selection.keys);
  for (const k of list.slice(Math.min(a, b), Math.max(a, b) + 1)) keys.add(k);
  return { keys, anchor: start, cursor: key };
}

/**
 * Shift+J (+1) / Shift+K (-1), as in Gmail or Finder: the range runs from the anchor (else `from`,
 * the open conversation, else the list's first row) to the cursor, which moves one row that way.
 * Moving back towards the anchor shrinks the range; past it, the range grows the other way. Rows
 * picked outside the range stay picked.
 */
export function extendedBy(
  selection: Selection,
  direction: 1 | -1,
  list: readonly ConversationKey[],
  from: ConversationKey | null,
): Selection {
  const inList = (k: ConversationKey | null): k is ConversationKey => k !== null && list.includes(k);
  const anchor = [selection.anchor, from].find(inList) ?? list[0];
  if (anchor === undefined) return selection;
  const cursor = inList(selection.cursor) ? selection.cursor : anchor;
  const next = list[list.indexOf(cursor) + direction] ?? cursor;
  const range = (end: ConversationKey) => {
    const [a, b] = [list.indexOf(anchor), list.indexOf(end)];
    return list.slice(Math.min(a, b), Math.max(a, b) + 1);
  };
  const keys = new Set(selection.keys);
  for (const k of range(cursor)) keys.delete(k);
  for (const k of range(next)) keys.add(k);
  return { keys, anchor, cursor: next };
}

/** Only the rows the list still shows stay selected (a conversation closed, a view changed). */
export function keptIn(selection: Selection, list: readonly ConversationKey[]): Selection {
  if (selection.keys.size === 0) return selection;
  const shown = new Set(list);
  if ([...selection.keys].every((k) => shown.has(k))) return selection;
  const keys = new Set([...selection.keys].filter((k) => shown.has(k)));
  const keep = (k: ConversationKey | null) => (k !== null && shown.has(k) ? k : null);
  return { keys, anchor: keep(selection.anchor), cursor: keep(selection.cursor) };
}

/** The selected rows in the list's order. */
export function inListOrder(selection: Selection, list: readonly ConversationKey[]): ConversationKey[] {
  return list.filter((k) => selection.keys.has(k));
}
