import {
  ATTACHMENT_MAX_BYTES,
  attachmentProblem,
  base64Size,
  cleanAttachment,
  type AttachmentDraft,
  type AttachmentProblem,
} from '../../../shared/attachments';
import type { AttachmentImages } from '../toolkit/attachment-images';
import { safeExternalUrl } from '../../../shared/links';
import { ContractError, type WorkspaceHandlers } from '../contract/contract-dispatch';
import type { ConversationPart, Id } from '../../../shared/api/types';
import { ApiError } from '../api/errors';
import type { UsersApi } from '../api/users-api';
import type { Drafts } from './drafts';
import { SNOOZE_MAX_AHEAD_MS } from '../../../shared/snooze';
import { TooManySnoozesError, type Snoozes } from '../snooze/snoozes';
import { withSnooze } from '../snooze/snooze-rows';
import type { Outbox } from '../outbox/outbox';
import type { OutboxAction } from '../outbox/types';
import { heldReplyEnd, queueWrite, UNDO_WINDOW_MS } from '../outbox/undo-window';
import type { ConversationFeed } from '../sync/conversation-feed';
import type { Directory } from '../sync/directory';
import type { InboxSync } from '../sync/inbox-sync';
import type { BuiltWorkspaceOptions } from './workspace-options';
import { bulkHandlers } from './bulk-handlers';

/** The look before a reply reads at most this many parts. */
const NEWER_PARTS_PAGE = 20;

/** The visitor's properties a row's name is made of (shared/inbox.ts visitorName, unnamedVisitor). */
const NAMING_PROPS = new Set(['$name', '$email', '$phone', '$city']);

/** Typing status reaches the server at most this often per conversation. */

export const TYPING_THROTTLE_MS = 2000;

const PROBLEMS: Record<AttachmentProblem, string> = {
  empty: 'The file is empty',
  'too-big': `The file is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`,
  name: 'The file name is empty, too long or has path characters',
  type: 'Files of this type are not sent to visitors (only images, PDF, text, CSV, office documents and videos)',
};

/** The attachment's bytes, after the checks the renderer made are made again here. */
function decodeAttachment(draft: AttachmentDraft): Uint8Array {
  const problem = attachmentProblem({ name: draft.name, type: draft.type, size: base64Size(draft.data) });
  if (problem) throw new ContractError('invalid-arguments', PROBLEMS[problem]);
  const bytes = new Uint8Array(Buffer.from(draft.data, 'base64'));
  if (bytes.byteLength !== base64Size(draft.data))
    throw new ContractError('invalid-arguments', 'The attachment is not valid base64');
  return bytes;
}

/** The parts of a workspace its handlers answer with: the Workspace has them, and builds its handlers from itself. */
export interface HandledWorkspace {
  readonly inbox: InboxSync;
  readonly feed: ConversationFeed;
  readonly outbox: Outbox;
  readonly directory: Directory;
  readonly users: UsersApi;
  readonly drafts: Drafts;
  readonly snoozes: Snoozes;
  /** The images of the parts handed to the window, the only ones main reads for it. */
  readonly images: AttachmentImages;
  readonly options: BuiltWorkspaceOptions;
  setViewedRows(ids: Id[]): void;
  tryNow(): void;
}

/** The IPC contract's workspace channels, answered by one workspace. */
export function createHandlers(workspace: HandledWorkspace): WorkspaceHandlers {
  const { inbox, feed, outbox, options, directory, users, drafts, snoozes, images } = workspace;
  const lastTyping = new Map<Id, number>();
  /** What the window is handed is what Perch has read: it is kept for the search. */
  const readParts = (conversationId: Id, parts: readonly ConversationPart[]) =>
    options.search?.read(options.account.id, conversationId, parts);
  /** Closing, assigning away and removing a tag wait a few seconds with Undo (undo-window.ts). */
  const queue = <A extends OutboxAction>(action: A) =>
    queueWrite(outbox, action, {
      ownAdminId: options.account.adminId,
      undoMs: options.undoWindowMs ?? UNDO_WINDOW_MS,
      now: options.clock.now(),
    });
  return {
    'inbox:viewing': async (conversationIds) => {
      workspace.setViewedRows(conversationIds);
      return null;
    },
    'inbox:try-now': async () => {
      workspace.tryNow();
      return null;
    },
    // Which page has it open, and whether the agent sees that page, is PageAttention's to say.
    'conversation:open': async (conversationId) => {
      const { parts, hasOlder } = await feed.open(conversationId).catch((error: unknown) => {
        // Removed on the server (400 LookupError): its row goes, and the agent is told why.
        if (error instanceof ApiError && error.kind === 'not-found') inbox.forget(conversationId);
        throw error;
      });
      let row = inbox.row(conversationId);
      if (!row) {
        await inbox.refresh(conversationId);
        row = inbox.row(conversationId);
      }
      if (!row) throw new ContractError('not-found', `Conversation ${conversationId} is not in this inbox`);
      images.receive(parts);
      readParts(conversationId, parts);
      return { row: withSnooze([row], snoozes)[0]!, parts, hasOlder };
    },
    'conversation:older': async (conversationId, beforePartId) => {
      const older = await feed.older(conversationId, beforePartId);
      images.receive(older.parts);
      readParts(conversationId, older.parts);
      return older;
    },
    'conversation:leave': async () => {
      feed.close();
      return null;
    },
    'conversation:reply': async (draft) => {
      const attachment = draft.attachment
        ? await outbox.storeAttachment(decodeAttachment(draft.attachment), cleanAttachment(draft.attachment))
        : undefined;
      const now = options.clock.now();
      const undoMs = Math.max(
        // Undo send: a reply to the visitor waits a few seconds with Undo.
        draft.kind === 'reply' ? (options.undoSendMs?.() ?? 0) : 0,
        // What follows a reply still in its window waits for it, so it lands after it, as written.
        heldReplyEnd(outbox, draft.conversationId, now) - now,
      );
      return outbox.enqueue(
        {
          kind: 'reply',
          conversationId: draft.conversationId,
          body: draft.body,
          note: draft.kind === 'note',
          ...(draft.actions ? { actions: draft.actions } : {}),
          ...(attachment ? { attachment } : {}),
        },
        undoMs > 0 ? { undoMs } : {},
      );
    },
    'conversation:assign': async (conversationId, adminId) => queue({ kind: 'assign', conversationId, adminId }),
    'conversation:close': async (conversationId) => queue({ kind: 'close', conversationId }),
    'conversation:mark-read': async (conversationIds) => {
      inbox.markSeen(...conversationIds);
      return null;
    },
    'conversation:tag': async (conversationId, tag, op) => queue({ kind: 'tag', conversationId, tag: tag.trim(), op }),
    'outbox:list': async () => outbox.list(),
    'outbox:retry': async (itemId) => outbox.retry(itemId),
    'outbox:discard': async (itemId) => outbox.discard(itemId),
    'outbox:undo': async (itemId) => outbox.undo(itemId),
    ...bulkHandlers(workspace),
    'channels:get': async () => directory.channels,
    'visitors:watch': async (on) => directory.watchVisitors(on),
    'leads:page': async (query) => directory.leads(query),
    'visitor:get': async (userId) => directory.profile(userId),
    'visitor:edit-props': async (userId, edits) => {
      const outcome = await directory.editProps(userId, edits);
      // Rows and headers name the visitor by these (an anonymous one by city): their conversations are read again.
      if (edits.some((e) => NAMING_PROPS.has(e.key))) {
        const theirs = inbox.snapshot().rows.filter((row) => row.visitorId === userId);
        await Promise.all(theirs.map((row) => inbox.refresh(row.id).catch(() => {})));
      }
      return outcome;
    },
    'visitor:unsubscribe': async (userId) => directory.unsubscribe(userId),
    'visitor:conversations': async (userId) =>
      withSnooze(await directory.conversations(userId, (id) => inbox.seenAtOf(id)), snoozes),
    'visitor:message': async (userId, body) => {
      // The platform sends it as the application's default sender: the method takes no sender.
      const conversationId = await users.sendMessage(userId, body);
      if (conversationId !== null) await inbox.refresh(conversationId).catch(() => {});
      return conversationId;
    },
    'conversation:set-typing': async (conversationId, text) => {
      const now = options.clock.now();
      if (now - (lastTyping.get(conversationId) ?? -Infinity) < TYPING_THROTTLE_MS) return null;
      lastTyping.set(conversationId, now);
      // Typing is fleeting: sent once, never queued or retried.
      await options.api.setTyping(conversationId, text, options.account.adminId).catch(() => {});
      return null;
    },
    'draft:get': async (conversationId) => drafts.get(conversationId),
    'draft:set': async (conversationId, draft) => {
      drafts.set(conversationId, draft);
      return null;
    },
    'draft:list': async () => drafts.drafted(),
    // Only an image of a part handed to the window, and for an account elsewhere never from a private network.
    'attachment:image': (url) => images.read(url),
    'conversation:snooze': async (conversationId, until, note, seenPart) => {
      const now = options.clock.now();
      if (until <= now) throw new ContractError('invalid-arguments', 'A snooze ends in the future');
      if (until > now + SNOOZE_MAX_AHEAD_MS)
        throw new ContractError('invalid-arguments', 'A snooze ends within a year');
      if (snoozes.full(conversationId)) throw new ContractError('invalid-arguments', new TooManySnoozesError().message);
      // Without the renderer's word, what the core last read of the conversation counts as seen.
      const seen = seenPart ?? inbox.conversation(conversationId)?.part_last?.id ?? null;
      return snoozes.snooze(conversationId, until, note, seen);
    },
    'conversation:wake': async (conversationId) => {
      await snoozes.wake(conversationId);
      return null;
    },
    'snooze:list': async () => snoozes.list(),
    // One page of parts after the agent's newest: the open conversation's feed brings them to the timeline itself.
    'conversation:newer': async (conversationId, afterPartId) => {
      const page = await options.api.listParts(conversationId, {
        position: [afterPartId],
        direction: 'after',
        order: 'asc',
        count: NEWER_PARTS_PAGE,
      });
      images.receive(page.items);
      readParts(conversationId, page.items);
      return { parts: page.items, more: page.items.length >= NEWER_PARTS_PAGE };
    },
    'link:open': async (url) => {
      const safe = safeExternalUrl(url);
      if (!safe)
        throw new ContractError(
          'invalid-arguments',
          'Only http and https links without hidden characters can be opened',
        );
      await options.openExternal(safe.toString());
      return null;
    },
  };
}
