import type { ConversationPart, Id } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import type { Clock, ScopedLog } from '../ports';
import type { JsonFile } from '../storage/json-file';
import type { AttachmentStore } from './attachment-store';
import type { OutboxItem } from './types';

/** What an Outbox tells its listeners, and what it is built with. */
export interface OutboxEvents {
  changed: OutboxItem[];
  /** A write landed; the part when the API returned one. */
  sent: { item: OutboxItem; part: ConversationPart | null };
  'signed-out': null;
}

export interface OutboxOptions {
  api: ApiClient;
  clock: Clock;
  file: JsonFile<OutboxItem[]>;
  adminId: Id;
  /** Failures other than "no network" before an item fails for good. */
  maxAttempts?: number;
  baseDelayMs?: number;
  random?: () => number;
  /** Queue without sending until resume() (a caller that queues a batch first). */
  startPaused?: boolean;
  /** Where attachment bytes wait; without it, replies with attachments cannot be queued. */
  attachments?: AttachmentStore;
  /** Where failed attempts, retries and refused saves are logged (IDs and kinds only). */
  log?: ScopedLog;
}
