import {
  ATTACHMENT_MAX_BYTES,
  attachmentProblem,
  base64Size,
  cleanAttachment,
  type AttachmentDraft,
  type AttachmentProblem,
} from '../../../shared/attachments';
import type { AccountId } from '../../../shared/accounts';
import type { ConversationPart, Id } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { ContractError, type WorkspaceHandlers } from '../contract/contract-dispatch';
import type { WriteOptions } from '../outbox/options';
import type { Outbox } from '../outbox/outbox';
import type { OutboxAction } from '../outbox/types';
import { heldReplyEnd, queueWrite, UNDO_WINDOW_MS } from '../outbox/undo-window';
import type { SearchStore } from '../search/search-store';
import type { Snoozes } from '../snooze/snoozes';
import { withSnooze } from '../snooze/snooze-rows';
import type { ConversationFeed } from '../sync/conversation-feed';
import type { InboxSync } from '../sync/inbox-sync';
import type { AttachmentImages } from '../toolkit/attachment-images';
import type { Drafts } from './drafts';

/** The look before a reply reads at most this many parts. */
const NEWER_PARTS_PAGE = 20;

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

/** What the conversation's handlers read of a workspace: its parts, and its options. */
export interface ConversationParts {
  readonly inbox: InboxSync;
  readonly feed: ConversationFeed;
  readonly outbox: Outbox;
  readonly drafts: Drafts;
  readonly snoozes: Pick<Snoozes, 'get'>;
  /** The images of the parts handed to the window, the only ones main reads for it. */
  readonly images: AttachmentImages;
  readonly options: WriteOptions & {
    api: ApiClient;
    account: { id: AccountId; adminId: Id };
    search?: Pick<SearchStore, 'read'>;
  };
}

type ConversationChannel =
  | 'conversation:open'
  | 'conversation:older'
  | 'conversation:leave'
  | 'conversation:reply'
  | 'conversation:assign'
  | 'conversation:close'
  | 'conversation:mark-read'
  | 'conversation:tag'
  | 'conversation:set-typing'
  | 'conversation:newer'
  | 'draft:get'
  | 'draft:set'
  | 'draft:list';

/** The conversation's channels (shared/ipc/channels/conversation.ts, and `conversation:newer`): read, write, draft. */
export function conversationHandlers(workspace: ConversationParts): Pick<WorkspaceHandlers, ConversationChannel> {
  const { inbox, feed, outbox, options, drafts, snoozes, images } = workspace;
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
  };
}
