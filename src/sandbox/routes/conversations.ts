import { LIMITS, type Attachment, type QuickReplyAction } from '../../shared/api/types';
import { ApiFailure, badRequest } from '../http/errors';
import { pageQueryV1, pageQueryV2 } from '../http/paging-params';
import type { Route, RouteContext } from '../http/route';
import { conversationKey, type ConversationRecord, type PartRecord } from '../model';
import { pageV1, pageV2 } from '../paging';
import { SortedIndex, type Key } from '../sorted-index';
import { fromAdmin, randomId } from './conversation-actions';
import { conversationFilter } from './conversation-filter';
import { systemPart } from './system-part';

const partKey = (p: PartRecord): Key => [BigInt(p.id)];

function listConversations(ctx: RouteContext) {
  ctx.requireApp(ctx.pathId);
  const index = ctx.store.conversationIndex(ctx.pathId);
  const accept = conversationFilter(ctx.params, ctx.version, ctx.store.clock());
  const show = (items: ConversationRecord[]) =>
    items.map((c) => ctx.present.conversation(c, { withUser: true, withChannel: true }));
  if (ctx.version === 1) {
    const page = pageV1(index, conversationKey, pageQueryV1(ctx.params), accept);
    return { data: show(page.items), meta: { next_after: page.nextAfter } };
  }
  const page = pageV2(index, conversationKey, pageQueryV2(ctx.params), accept);
  return {
    data: show(page.items),
    meta: { next_before_position: page.nextBefore, next_after_position: page.nextAfter },
  };
}

function listParts(ctx: RouteContext) {
  const conversation = ctx.conversation(ctx.pathId);
  // Parts are appended with increasing IDs, so the array is already sorted by key.
  const index = new SortedIndex<PartRecord>(partKey, conversation.parts);
  const all = () => true;
  if (ctx.version === 1) {
    const page = pageV1(index, partKey, pageQueryV1(ctx.params), all);
    return { data: page.items.map((p) => ctx.present.part(p)), meta: { next_after: page.nextAfter } };
  }
  const page = pageV2(index, partKey, pageQueryV2(ctx.params), all);
  return {
    data: page.items.map((p) => ctx.present.part(p)),
    meta: { next_before_position: page.nextBefore, next_after_position: page.nextAfter },
  };
}

function parseActions(raw: unknown): QuickReplyAction[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) throw badRequest('actions must be a JSON array of quick_reply actions');
  return raw.map((item: unknown, i) => {
    const a = item as Partial<QuickReplyAction> | null;
    if (!a || typeof a !== 'object' || a.type !== 'quick_reply')
      throw badRequest(`actions[${i}].type must be quick_reply`);
    if (typeof a.body !== 'string' || a.body.length === 0)
      throw badRequest(`actions[${i}].body must be a non-empty string`);
    if (a.body.length > LIMITS.quickReplyBody)
      throw badRequest(`actions[${i}].body is longer than ${LIMITS.quickReplyBody} characters`);
    if (
      a.meta_data !== undefined &&
      (typeof a.meta_data !== 'object' || a.meta_data === null || Array.isArray(a.meta_data))
    ) {
      throw badRequest(`actions[${i}].meta_data must be an object`);
    }
    return {
      type: 'quick_reply',
      body: a.body,
      ...(a.meta_data ? { meta_data: a.meta_data as Record<string, unknown> } : {}),
    };
  });
}

/** The `attachment` file of a reply, named by attachment_file_name (1..255) or its own name. */
function attachmentOf(ctx: RouteContext): Attachment[] {
  const file = ctx.files.get('attachment');
  if (!file) return [];
  const name = ctx.params.string('attachment_file_name') ?? file.name;
  if (!name || name.length > LIMITS.attachmentFileNameMax)
    throw badRequest(`attachment_file_name must be 1..${LIMITS.attachmentFileNameMax} characters`);
  if (file.bytes.length > LIMITS.fileBytesMax)
    throw badRequest(`The attachment is larger than ${LIMITS.fileBytesMax / 1024 / 1024} MB`);
  const id = ctx.store.nextId();
  return [
    {
      type: 'file',
      id,
      filename: name,
      mime_type: file.type || 'application/octet-stream',
      size: file.bytes.length,
      url: ctx.store.files.keep(id, name, file.type || 'application/octet-stream', file.bytes),
      created: ctx.store.clock(),
    },
  ];
}

function reply(ctx: RouteContext) {
  const conversation = ctx.conversation(ctx.pathId);
  const { params, store } = ctx;
  const body = params.string('body') ?? '';
  if (body.length > LIMITS.replyBodyMax)
    throw new ApiFailure(400, 'ReplyTooBig', `body is longer than ${LIMITS.replyBodyMax} characters`);
  const bodyJson = params.json('body_json') ?? {};
  if (typeof bodyJson !== 'object' || bodyJson === null || Array.isArray(bodyJson))
    throw badRequest('body_json must be a JSON object');
  const actions = parseActions(params.json('actions'));
  const partRandomId = randomId(ctx);
  const referrer = params.string('referrer') ?? null;
  const externalId = params.string('external_id') ?? null;
  const attachments = attachmentOf(ctx);

  const fromUserRaw = params.string('from_user');
  if (fromUserRaw !== undefined) {
    const userId = fromUserRaw === 'default_user' ? conversation.userId : params.id('from_user');
    if (userId !== conversation.userId)
      throw badRequest(`from_user ${fromUserRaw} is not the user of conversation ${conversation.id}`);
    if (!body && attachments.length === 0) throw badRequest('A reply needs a body or an attachment');
    const part = store.appendPart(conversation, {
      body,
      bodyJson: bodyJson as Record<string, unknown>,
      read: false,
      direction: 'u2a',
      type: 'reply_user',
      sentVia: 'api',
      attachments,
      metaData: {},
      replyType: 'text',
      actions: null,
      externalId,
      randomId: partRandomId,
      fromAdminId: null,
      fromUserId: conversation.userId,
      assigneeId: null,
      referrer,
    });
    return { data: ctx.present.part(part) };
  }

  const adminId = fromAdmin(ctx, conversation);
  const type = params.oneOf('type', ['reply_admin', 'note', 'article'] as const) ?? 'reply_admin';
  if (!body && attachments.length === 0) throw badRequest('A reply needs a body or an attachment');

  let assignPart: PartRecord | undefined;
  const autoAssign = params.id('auto_assign');
  if (autoAssign !== undefined) {
    const assignee = store.admins.get(autoAssign);
    if (!assignee || assignee.appId !== conversation.appId)
      throw badRequest(`auto_assign ${autoAssign} is not an administrator of this application`);
    assignPart = store.appendPart(
      conversation,
      systemPart('assigned', adminId, randomId(ctx, 'auto_assign_random_id'), assignee.id),
    );
  }
  const part = store.appendPart(conversation, {
    body,
    bodyJson: bodyJson as Record<string, unknown>,
    read: false,
    direction: 'a2u',
    type,
    sentVia: 'api',
    attachments,
    metaData: {},
    replyType: 'text',
    actions,
    externalId,
    randomId: partRandomId,
    fromAdminId: adminId,
    fromUserId: null,
    assigneeId: null,
    referrer,
  });
  const data = ctx.present.part(part);
  if (assignPart) data.assign_part = ctx.present.part(assignPart);
  return { data };
}

export const conversationRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/apps\/(\d+)\/conversations$/,
    scopes: ['conversations-read'],
    handle: listConversations,
  },
  {
    method: 'GET',
    pattern: /^\/conversations\/(\d+)$/,
    scopes: ['conversations-read'],
    handle: (ctx) => ({
      data: ctx.present.conversation(ctx.conversation(ctx.pathId), { withUser: true, withChannel: true }),
    }),
  },
  { method: 'GET', pattern: /^\/conversations\/(\d+)\/parts$/, scopes: ['conversations-read'], handle: listParts },
  {
    method: 'POST',
    pattern: /^\/conversations\/(\d+)\/reply$/,
    scopes: (params) => (params.has('from_user') ? ['as-user'] : ['conversations-write']),
    handle: reply,
  },
];
