import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { moveAside, removeTemporaryFiles, writeFileAtomic } from '../node-lib/atomic-file';
import type {
  AdminRecord,
  AppRecord,
  ChannelRecord,
  ConversationRecord,
  Scope,
  SegmentRecord,
  UserRecord,
} from './model';
import type { SandboxStore } from './store';
import { storedIdSchema } from '../shared/api/schemas';
import type { Id } from '../shared/api/types';

/** 2: IDs are decimal strings (64-bit); 1 wrote them as numbers and is read by turning them into strings. */
const FORMAT = 2;

interface Snapshot {
  format: number;
  lastId: string;
  lastTime: number;
  apps: AppRecord[];
  admins: AdminRecord[];
  channels: ChannelRecord[];
  users: UserRecord[];
  conversations: ConversationRecord[];
  tokens: { token: string; appId: Id; scopes: Scope[] }[];
  segments?: SegmentRecord[];
  eventTypes?: [string, Id][];
}

export function snapshotOf(store: SandboxStore): Snapshot {
  const { lastId, lastTime } = store.counters();
  return {
    format: FORMAT,
    lastId,
    lastTime,
    apps: [...store.apps.values()],
    admins: [...store.admins.values()],
    channels: [...store.channels.values()],
    users: [...store.users.values()],
    conversations: [...store.conversations.values()],
    tokens: [...store.tokens.values()].map((t) => ({ token: t.token, appId: t.appId, scopes: [...t.scopes] })),
    segments: [...store.segments.values()],
    eventTypes: [...store.eventTypes],
  };
}

const id = storedIdSchema;
const record = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
/** The fields the store's indexes and every route rely on; the rest passes as saved. */
const snapshotSchema = z.object({
  format: z.literal(FORMAT),
  lastId: z.string().regex(/^\d{1,20}$/),
  lastTime: z.number(),
  apps: z.array(record({ id, name: z.string(), defaultAdminId: id })).min(1),
  admins: z.array(record({ id, appId: id, name: z.string() })),
  channels: z.array(record({ id, appId: id, name: z.string() })),
  users: z.array(record({ id, appId: id, props: z.record(z.string(), z.unknown()) })),
  conversations: z.array(
    record({
      id,
      appId: id,
      userId: id,
      created: z.number(),
      lastUpdate: z.number(),
      tags: z.array(z.string()),
      parts: z.array(record({ id, created: z.number(), type: z.string() })),
    }),
  ),
  tokens: z.array(z.object({ token: z.string().min(1), appId: id, scopes: z.array(z.string()) })).min(1),
  segments: z.array(record({ id })).optional(),
  eventTypes: z.array(z.tuple([z.string(), id])).optional(),
});

/** A saved state that could not be used: moved aside so the demo starts afresh. */
export interface DamagedSnapshot {
  movedTo: string | null;
  reason: string;
}

export type SnapshotLoad = { restored: boolean; damaged: DamagedSnapshot | null };

/**
 * Loads a saved state into an empty store; `restored: false` when there is no file yet. A file
 * that is not a whole saved state is moved aside (the newest three such copies are kept) and
 * reported, and the store is left untouched only if the damage is found before loading.
 */
export async function loadSnapshot(store: SandboxStore, file: string): Promise<SnapshotLoad> {
  await removeTemporaryFiles(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { restored: false, damaged: null };
    return { restored: false, damaged: { movedTo: await moveAside(file), reason: (error as Error).message } };
  }
  let snap: Snapshot;
  try {
    const checked = snapshotSchema.safeParse(fromFormat1(JSON.parse(text)));
    if (!checked.success)
      throw new Error(`${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`);
    snap = checked.data as unknown as Snapshot;
  } catch (error) {
    return { restored: false, damaged: { movedTo: await moveAside(file), reason: (error as Error).message } };
  }
  try {
    for (const a of snap.apps) store.apps.set(a.id, a);
    for (const a of snap.admins) store.admins.set(a.id, a);
    for (const c of snap.channels) store.channels.set(c.id, c);
    for (const u of snap.users) store.users.set(u.id, u);
    for (const t of snap.tokens)
      store.tokens.set(t.token, { token: t.token, appId: t.appId, scopes: new Set(t.scopes) });
    for (const segment of snap.segments ?? []) store.segments.set(segment.id, segment);
    for (const [key, eventId] of snap.eventTypes ?? []) store.eventTypes.set(key, eventId);
    store.loadConversations(snap.conversations);
    store.restoreCounters(snap.lastId, snap.lastTime);
  } catch (error) {
    // The store is half filled: the caller starts again from an empty one.
    return { restored: false, damaged: { movedTo: await moveAside(file), reason: (error as Error).message } };
  }
  return { restored: true, damaged: null };
}

/**
 * Saves the whole state to one file, atomically: a temporary file is written and synced, then
 * renamed over the old one, so a crash leaves either the old state or the new one.
 * Saves requested while one runs are folded into a single next save.
 */
export class Persister {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly store: SandboxStore,
    private readonly file: string,
  ) {}

  save(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.write();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async write(): Promise<void> {
    // Owner-only: the file holds this install's tokens.
    await writeFileAtomic(this.file, JSON.stringify(snapshotOf(this.store)), {
      mode: 0o600,
      tmpPath: `${this.file}.${process.pid}.tmp`,
    });
  }
}

/** Keys of the records whose numbers are IDs (or lists of IDs) in a format 1 file. */
const ID_FIELDS = new Set([
  'id',
  'appId',
  'userId',
  'channelId',
  'assigneeId',
  'lastAdminId',
  'conversationId',
  'fromAdminId',
  'fromUserId',
  'adminId',
  'defaultAdminId',
  'operatorIds',
  'segmentIds',
]);
/** The records' own data, where a number is a value, not an ID. */
const DATA_FIELDS = new Set(['props', 'propsCustom', 'params', 'metaData', 'bodyJson', 'presenceDetails', 'filters']);

function idsOf(value: unknown, isId: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => idsOf(v, isId));
  if (isId && typeof value === 'number') return String(value);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, DATA_FIELDS.has(k) ? v : idsOf(v, ID_FIELDS.has(k))]),
  );
}

/** A format 1 file (IDs as numbers) in today's shape; anything else as it is. */
function fromFormat1(raw: unknown): unknown {
  if ((raw as { format?: unknown })?.format !== 1) return raw;
  const snap = idsOf(raw, false) as Record<string, unknown>;
  const eventTypes = Array.isArray(snap.eventTypes)
    ? snap.eventTypes.map((pair) => (Array.isArray(pair) ? [pair[0], String(pair[1])] : pair))
    : snap.eventTypes;
  return { ...snap, format: FORMAT, lastId: String((raw as { lastId?: unknown }).lastId), eventTypes };
}
