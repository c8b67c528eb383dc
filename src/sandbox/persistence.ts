import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AdminRecord, AppRecord, ChannelRecord, ConversationRecord, Scope, SegmentRecord, UserRecord } from './model';
import type { SandboxStore } from './store';

const FORMAT = 1;

interface Snapshot {
  format: number;
  lastId: number;
  lastTime: number;
  apps: AppRecord[];
  admins: AdminRecord[];
  channels: ChannelRecord[];
  users: UserRecord[];
  conversations: ConversationRecord[];
  tokens: { token: string; appId: number; scopes: Scope[] }[];
  segments?: SegmentRecord[];
  eventTypes?: [string, number][];
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

/** Loads a saved state into an empty store; false when there is no file yet. */
export async function loadSnapshot(store: SandboxStore, file: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const snap = JSON.parse(text) as Snapshot;
  if (snap.format !== FORMAT) throw new Error(`${file}: unsupported sandbox data format ${snap.format}`);
  for (const a of snap.apps) store.apps.set(a.id, a);
  for (const a of snap.admins) store.admins.set(a.id, a);
  for (const c of snap.channels) store.channels.set(c.id, c);
  for (const u of snap.users) store.users.set(u.id, u);
  for (const t of snap.tokens) store.tokens.set(t.token, { token: t.token, appId: t.appId, scopes: new Set(t.scopes) });
  for (const segment of snap.segments ?? []) store.segments.set(segment.id, segment);
  for (const [key, id] of snap.eventTypes ?? []) store.eventTypes.set(key, id);
  store.loadConversations(snap.conversations);
  store.restoreCounters(snap.lastId, snap.lastTime);
  return true;
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
    const tmp = `${this.file}.${process.pid}.tmp`;
    await mkdir(dirname(this.file), { recursive: true });
    // Owner-only: the file holds this install's tokens. chmod too, as `open` sets the mode only of a new file.
    const handle = await open(tmp, 'w', 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(JSON.stringify(snapshotOf(this.store)));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, this.file);
  }
}
