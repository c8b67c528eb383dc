import type { ConversationKey } from '../../../../shared/accounts';

/** Where the open conversation last stood in the list on screen: its place and its neighbours there. */
export interface ListPlace {
  key: ConversationKey;
  index: number;
  before: ConversationKey | null;
  after: ConversationKey | null;
}

/** The conversation's place in the list, or null when the list does not show it. */
export function placeIn(keys: readonly ConversationKey[], key: ConversationKey): ListPlace | null {
  const index = keys.indexOf(key);
  if (index === -1) return null;
  return { key, index, before: keys[index - 1] ?? null, after: keys[index + 1] ?? null };
}

export const samePlace = (a: ListPlace | null, b: ListPlace | null): boolean =>
  a === b ||
  (a !== null && b !== null && a.key === b.key && a.index === b.index && a.before === b.before && a.after === b.after);

/**
 * The conversation to open after `current` (E: close and go on): the one after it in the list,
 * else the one before. Once it has left the list (assigned away from Unassigned, taken by a
 * colleague), the neighbour it had there (`last`), else whatever now stands at its place.
 */
export function neighbourOf(
  keys: readonly ConversationKey[],
  current: ConversationKey,
  last: ListPlace | null,
): ConversationKey | undefined {
  const here = placeIn(keys, current);
  if (here) return here.after ?? here.before ?? undefined;
  if (last?.key !== current || keys.length === 0) return undefined;
  const shown = new Set(keys);
  for (const neighbour of [last.after, last.before]) if (neighbour !== null && shown.has(neighbour)) return neighbour;
  return keys[Math.min(last.index, keys.length - 1)];
}
