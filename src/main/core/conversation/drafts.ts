import { isId } from '../../../shared/api/ids';
import type { Id } from '../../../shared/api/types';
import { EMPTY_DRAFT, type ConversationDraft } from '../../../shared/drafts';
import type { Clock } from '../ports';
import type { JsonFile } from '../storage/json-file';

type DraftFile = Record<string, ConversationDraft>;

/** Drafts are kept for this many conversations; the oldest edits go first beyond it. */
export const MAX_DRAFTS = 500;

/**
 * What the agent has written but not sent, per conversation: the reply and the note apart, so
 * a note never becomes a reply by switching tabs. Kept beside the outbox in the account's
 * folder; writes to disk are gathered (typing changes a draft many times a second).
 */
export class Drafts {
  private drafts = new Map<Id, ConversationDraft>();
  private timer: unknown = null;

  constructor(private readonly options: { file: JsonFile<DraftFile>; clock: Clock; writeDelayMs?: number }) {}

  async load(): Promise<void> {
    let saved: DraftFile | undefined;
    try {
      saved = await this.options.file.read();
    } catch {
      // An unreadable drafts file costs the drafts, not the workspace.
    }
    if (!saved || typeof saved !== 'object') return;
    for (const [key, value] of Object.entries(saved)) {
      // Keys are conversation IDs: decimal strings, as earlier versions wrote them too.
      if (isId(key) && key !== '0' && isDraft(value)) this.drafts.set(key, { reply: value.reply, note: value.note });
    }
  }

  get(conversationId: Id): ConversationDraft {
    return { ...(this.drafts.get(conversationId) ?? EMPTY_DRAFT) };
  }

  /** The conversations that hold an unsent reply or note. */
  drafted(): Id[] {
    return [...this.drafts.keys()];
  }

  set(conversationId: Id, draft: ConversationDraft): void {
    this.drafts.delete(conversationId);
    if (draft.reply !== '' || draft.note !== '')
      this.drafts.set(conversationId, { reply: draft.reply, note: draft.note });
    // Map order is insertion order: the first keys are the longest untouched.
    for (const id of this.drafts.keys()) {
      if (this.drafts.size <= MAX_DRAFTS) break;
      this.drafts.delete(id);
    }
    this.scheduleWrite();
  }

  /** Writes now what waits (on stop, so nothing typed is lost). */
  async flush(): Promise<void> {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.options.file.write(Object.fromEntries(this.drafts)).catch(() => {});
  }

  private scheduleWrite(): void {
    if (this.timer !== null) return;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.writeDelayMs ?? 500);
  }
}

function isDraft(value: unknown): value is ConversationDraft {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ConversationDraft).reply === 'string' &&
    typeof (value as ConversationDraft).note === 'string'
  );
}
