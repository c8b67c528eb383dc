import type { z } from 'zod';

type Raw = Record<string, unknown>;
/** What a damaged field becomes: a value computed from the item as sent, or undefined to drop it. */
export type Fallbacks = Record<string, (raw: Raw) => unknown>;

export interface Salvaged<T> {
  data: T;
  /** The item as sent with its damaged fields replaced: what `data` was parsed from. */
  patched: unknown;
  /** `field: what was wrong`, for each field replaced. */
  damaged: string[];
}

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses an item, replacing each field that fails its check by its fallback. An item whose
 * failing field has no fallback (its ID, what orders it) is not salvaged: null.
 */
export function parseSalvaging<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  fallbacks: Fallbacks,
): Salvaged<z.output<S>> | null {
  let result = schema.safeParse(raw);
  if (result.success) return { data: result.data, patched: raw, damaged: [] };
  if (!isObject(raw)) return null;
  const copy: Raw = { ...raw };
  const damaged: string[] = [];
  const replaced = new Set<string>();
  while (!result.success) {
    const fresh = result.error.issues.filter((issue) => {
      const field = issue.path[0];
      return typeof field === 'string' && field in fallbacks && !replaced.has(field);
    });
    // A field without a fallback, or one that fails again after its fallback: not salvageable.
    if (fresh.length === 0 || fresh.length < result.error.issues.length) return null;
    for (const issue of fresh) {
      const field = issue.path[0] as string;
      if (replaced.has(field)) continue;
      replaced.add(field);
      damaged.push(`${issue.path.join('.')}: ${issue.message}`);
      const value = fallbacks[field]!(raw);
      if (value === undefined) delete copy[field];
      else copy[field] = value;
    }
    result = schema.safeParse(copy);
  }
  return { data: result.data, patched: copy, damaged };
}

const drop = () => undefined;
const toNull = () => null;
const toFalse = () => false;
const numberOr = (value: unknown, otherwise: unknown) => (typeof value === 'number' ? value : otherwise);

/**
 * A part keeps what says who wrote it, where and when; anything else damaged is dropped.
 * Lists order and deduplicate parts by those fields, so without them a part is left out.
 */
export const partFallbacks: Fallbacks = {
  body: toNull,
  body_json: toNull,
  read: drop,
  direction: drop,
  sent_via: drop,
  attachments: toNull,
  meta_data: toNull,
  reply_type: drop,
  actions: toNull,
  external_id: toNull,
  random_id: drop,
  from: toNull,
  edited: drop,
  removed: drop,
  part_group: toNull,
  assignee: drop,
  assign_part: drop,
};

/**
 * A conversation keeps its ID and whatever else passes: a damaged count or flag errs towards
 * the agent seeing it (unread, open, unassigned), a damaged last part is read for what it has.
 */
export function conversationFallbacks(partSchema: z.ZodType): Fallbacks {
  return {
    // Without either time a conversation has no place in the list: it is left out.
    created: (raw) => numberOr(raw.last_update, undefined),
    last_update: (raw) => numberOr(raw.created, undefined),
    user: drop,
    channel: toNull,
    read: toFalse,
    replied: toFalse,
    clicked: drop,
    unsubscribed: drop,
    closed: toFalse,
    message: toNull,
    type: drop,
    reply_type: drop,
    part_last: (raw) => parseSalvaging(partSchema, raw.part_last, partFallbacks)?.patched ?? null,
    important_part_last: drop,
    reply_last: toNull,
    parts_count: drop,
    assignee: toNull,
    unread_parts_count: (raw) => (raw.read === true ? 0 : 1),
    last_admin: toNull,
    tags: drop,
  };
}
