import { LIMITS, type Id } from '../../shared/api/types';
import { ApiFailure, badRequest } from '../http/errors';
import type { Route, RouteContext } from '../http/route';
import type { ConversationRecord, PartRecord } from '../model';
import { systemPart } from './system-part';

/** `from_admin`: an admin of the conversation's (or user's) application, or its default sender. */
export function fromAdmin(ctx: RouteContext, conversation: Pick<ConversationRecord, 'appId'>): Id {
  const raw = ctx.params.string('from_admin');
  const app = ctx.store.apps.get(conversation.appId)!;
  const id =
    raw === undefined || raw === '' || raw === 'default_admin' ? app.defaultAdminId : ctx.params.id('from_admin');
  const admin = id === undefined ? undefined : ctx.store.admins.get(id);
  if (!admin || admin.appId !== conversation.appId)
    throw badRequest(`from_admin ${raw} is not an administrator of this application`);
  return admin.id;
}

export const randomId = (ctx: RouteContext, name = 'random_id') =>
  ctx.params.int(name, { min: 0, max: LIMITS.randomIdMax }) ?? 0;

function assign(ctx: RouteContext) {
  const conversation = ctx.conversation(ctx.pathId);
  const raw = ctx.params.string('admin');
  let assigneeId: Id | null = null;
  if (raw !== undefined && raw !== '' && raw !== '0') {
    const admin = ctx.store.admins.get(ctx.params.id('admin') ?? '');
    if (!admin || admin.appId !== conversation.appId)
      throw badRequest(`admin ${raw} is not an administrator of this application`);
    assigneeId = admin.id;
  }
  const by = fromAdmin(ctx, conversation);
  const rid = randomId(ctx);
  // Version 2 (/webapi/conversations/assign): nothing changed answers empty data, no part.
  if (ctx.version >= 2 && conversation.assigneeId === assigneeId) return { data: {} };
  const part = ctx.store.appendPart(conversation, systemPart('assigned', by, rid, assigneeId));
  return { data: ctx.version >= 2 ? systemPartRef(part) : ctx.present.part(part) };
}

/** What version 2 writes answer: the system part they made (/webapi/conversations/assign, close, tag). */
const systemPartRef = (part: PartRecord) => ({ id: part.id, part_group: part.id });

function close(ctx: RouteContext) {
  const conversation = ctx.conversation(ctx.pathId);
  const by = fromAdmin(ctx, conversation);
  if (conversation.closed) return { data: {} };
  const part = ctx.store.appendPart(conversation, systemPart('closed', by, randomId(ctx)));
  return { data: ctx.version >= 2 ? systemPartRef(part) : ctx.present.part(part) };
}

function markRead(ctx: RouteContext) {
  const conversation = ctx.conversation(ctx.pathId);
  let changed = false;
  for (const part of conversation.parts) {
    if (part.direction === 'a2u' && !part.read) {
      part.read = true;
      changed = true;
    }
  }
  if (changed) ctx.store.changed(conversation, { kind: 'read' });
  return { data: {} };
}

function tagName(ctx: RouteContext): string {
  const tag = (ctx.params.string('tag') ?? '').trim();
  if (!tag) throw badRequest('tag is required');
  if (tag.includes(',')) throw badRequest('tag must not contain a comma');
  if (tag.length > 255) throw badRequest('tag is longer than 255 characters');
  return tag;
}

function changeTag(ctx: RouteContext, action: 'add' | 'delete') {
  const conversation = ctx.conversation(ctx.pathId);
  const tag = tagName(ctx);
  const by = fromAdmin(ctx, conversation);
  const rid = randomId(ctx);
  const has = conversation.tags.includes(tag);
  if ((action === 'add') === has) {
    // Version 1 answers nothing changed with success; version 2 with its own errors (/webapi/conversations/tag).
    if (ctx.version < 2) return { data: {} };
    throw action === 'add'
      ? new ApiFailure(400, 'ConversationTagAlreadyAssigned', `The conversation already has the tag ${tag}`)
      : new ApiFailure(400, 'ConversationTagIsNotAssigned', `The conversation has no tag ${tag}`);
  }
  if (action === 'add') conversation.tags.push(tag);
  else conversation.tags.splice(conversation.tags.indexOf(tag), 1);
  if (ctx.version < 2) {
    ctx.store.changed(conversation, { kind: action === 'add' ? 'tag_added' : 'tag_deleted', tag, adminId: by });
    return { data: {} };
  }
  // Version 2 writes the change as a system part.
  const part = ctx.store.appendPart(conversation, {
    ...systemPart(action === 'add' ? 'tag_added' : 'tag_deleted', by, rid),
    body: tag,
  });
  return { data: systemPartRef(part) };
}

function setTyping(ctx: RouteContext) {
  const conversation = ctx.conversation(ctx.pathId);
  const body = ctx.params.string('body') ?? '';
  if (body.length > LIMITS.replyBodyMax) throw badRequest(`body is longer than ${LIMITS.replyBodyMax} characters`);
  if (ctx.params.has('from_user')) {
    const raw = ctx.params.string('from_user');
    const userId = raw === 'default_user' ? conversation.userId : ctx.params.id('from_user');
    if (userId !== conversation.userId)
      throw badRequest(`from_user ${raw} is not the user of conversation ${conversation.id}`);
    ctx.store.typing({ conversation, from: 'user', adminId: null, body });
  } else {
    ctx.store.typing({ conversation, from: 'admin', adminId: fromAdmin(ctx, conversation), body });
  }
  return { data: {} };
}

const write = ['conversations-write'] as const;

export const conversationActionRoutes: Route[] = [
  { method: 'POST', pattern: /^\/conversations\/(\d+)\/assign$/, scopes: [...write], handle: assign },
  { method: 'POST', pattern: /^\/conversations\/(\d+)\/close$/, scopes: [...write], handle: close },
  { method: 'POST', pattern: /^\/conversations\/(\d+)\/markread$/, scopes: ['as-user'], handle: markRead },
  {
    method: 'POST',
    pattern: /^\/conversations\/(\d+)\/tag$/,
    scopes: [...write],
    handle: (ctx) => {
      const action = ctx.params.oneOf('action', ['add', 'delete'] as const);
      if (!action) throw badRequest('action is required: add or delete');
      return changeTag(ctx, action);
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/conversations\/(\d+)\/tag$/,
    scopes: [...write],
    handle: (ctx) => changeTag(ctx, 'delete'),
  },
  {
    method: 'POST',
    pattern: /^\/conversations\/(\d+)\/settyping$/,
    scopes: (params) => (params.has('from_user') ? ['as-user'] : ['conversations-write']),
    handle: setTyping,
  },
];
