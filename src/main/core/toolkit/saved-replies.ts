import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  SAVED_REPLY_LIMITS,
  type SavedRepliesImport,
  type SavedReply,
  type SavedReplyInput,
} from '../../../shared/saved-replies';
import { savedRepliesFileSchema, savedReplyInputSchema } from '../../../shared/saved-replies-schema';
import { ContractError } from '../contract/contract-dispatch';
import type { JsonFile } from '../storage/json-file';

const storedSchema = z.array(savedReplyInputSchema.and(z.object({ id: z.string() })));

/**
 * The agent's saved replies, shared or for one account, in one file of the user-data folder
 * (`saved-replies.json`). Main owns it; the window reads and changes it through the contract.
 */
export class SavedReplies {
  private replies: SavedReply[] = [];
  private loaded: Promise<void> | null = null;

  constructor(private readonly file: JsonFile<SavedReply[]>) {}

  async list(): Promise<SavedReply[]> {
    await this.load();
    return this.replies.map(copy);
  }

  async save(input: SavedReplyInput): Promise<SavedReply[]> {
    await this.load();
    const reply: SavedReply = { ...copy({ ...input, id: input.id ?? randomUUID() }) };
    const at = this.replies.findIndex((r) => r.id === reply.id);
    if (at >= 0) this.replies[at] = reply;
    else if (input.id !== undefined) throw new ContractError('not-found', 'No such saved reply');
    else if (this.replies.length >= SAVED_REPLY_LIMITS.count)
      throw new ContractError('invalid-arguments', `At most ${SAVED_REPLY_LIMITS.count} saved replies`);
    else this.replies.push(reply);
    return this.write();
  }

  async remove(id: string): Promise<SavedReply[]> {
    await this.load();
    this.replies = this.replies.filter((r) => r.id !== id);
    return this.write();
  }

  async exportText(): Promise<string> {
    await this.load();
    const replies = this.replies.map(({ title, body, accountId, buttons }) => ({ title, body, accountId, buttons }));
    return `${JSON.stringify({ perch: 'saved-replies', version: 1, replies }, null, 2)}\n`;
  }

  /** Adds the file's replies (one with the title and account of a kept one replaces it), or changes nothing. */
  async importText(text: string): Promise<SavedRepliesImport> {
    await this.load();
    if (new TextEncoder().encode(text).length > SAVED_REPLY_LIMITS.fileBytes) return { ok: false, problem: 'too-big' };
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, problem: 'not-json' };
    }
    if (typeof raw !== 'object' || raw === null || (raw as { perch?: unknown }).perch !== 'saved-replies')
      return { ok: false, problem: 'not-saved-replies' };
    const parsed = savedRepliesFileSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, problem: 'damaged' };
    // A file of more replies than Perch keeps is refused before the merge, which compares each with each.
    if (parsed.data.replies.length > SAVED_REPLY_LIMITS.count) return { ok: false, problem: 'too-many' };
    const next = this.replies.map(copy);
    let added = 0;
    let replaced = 0;
    for (const input of parsed.data.replies) {
      const at = next.findIndex((r) => r.title === input.title && r.accountId === input.accountId);
      if (at >= 0) {
        next[at] = copy({ ...input, id: next[at]!.id });
        replaced += 1;
      } else {
        next.push(copy({ ...input, id: randomUUID() }));
        added += 1;
      }
    }
    if (next.length > SAVED_REPLY_LIMITS.count) return { ok: false, problem: 'too-many' };
    this.replies = next;
    return { ok: true, replies: await this.write(), added, replaced };
  }

  private load(): Promise<void> {
    this.loaded ??= this.file
      .load({ schema: storedSchema as z.ZodType<SavedReply[]> })
      .then(({ value }) => {
        this.replies = (value ?? []).slice(0, SAVED_REPLY_LIMITS.count).map(copy);
      })
      // An unreadable file costs the saved replies (its copy is moved aside), not the window.
      .catch(() => undefined);
    return this.loaded;
  }

  private async write(): Promise<SavedReply[]> {
    await this.file.write(this.replies);
    return this.replies.map(copy);
  }
}

const copy = (r: SavedReply | (SavedReplyInput & { id: string })): SavedReply => ({
  id: r.id,
  title: r.title.trim(),
  body: r.body,
  accountId: r.accountId,
  buttons: r.buttons.map((b) => ({ ...b, ...(b.meta_data ? { meta_data: { ...b.meta_data } } : {}) })),
});
