import { compareIds } from '../../shared/api/ids';
import { LIMITS } from '../../shared/api/types';
import { ApiFailure, badRequest } from '../http/errors';
import type { Route, RouteContext } from '../http/route';
import { fromAdmin, randomId } from './conversation-actions';
import { DEFAULT_FLAGS } from './apps';
import { presentUser } from '../present-user';

const FILE_TYPES = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'pdf',
  'rar',
  'zip',
  'html',
  'csv',
  'docx',
  'doc',
  'xlsx',
  'xls',
  'txt',
  'sig',
];

/** POST /users/{id}/startconversation: a conversation whose first message is the user's. */
function startConversation(ctx: RouteContext) {
  const { params, store } = ctx;
  const body = params.string('body') ?? '';
  if (body.length > LIMITS.replyBodyMax)
    throw new ApiFailure(400, 'ReplyTooBig', `body is longer than ${LIMITS.replyBodyMax} characters`);
  const file = ctx.files.get('file');
  const filename = params.string('filename');
  if (file && !filename) throw badRequest('filename is required with file');
  if (!body && !file) throw badRequest('Send a body, or a file with its filename');
  if (filename !== undefined && (filename.length < 1 || filename.length > LIMITS.attachmentFileNameMax))
    throw badRequest(`filename must be 1..${LIMITS.attachmentFileNameMax} characters`);
  if (file) {
    if (file.bytes.length > LIMITS.fileBytesMax)
      throw badRequest(`The file is larger than ${LIMITS.fileBytesMax / 1024 / 1024} MB`);
    const ext = (filename ?? '').split('.').pop()?.toLowerCase() ?? '';
    if (!FILE_TYPES.includes(ext))
      throw badRequest(`Files of type .${ext} are not accepted; allowed: ${FILE_TYPES.join(', ')}`);
  }
  const user = ctx.user({ create: true });
  const conversation = store.createConversation(user.appId, user.id, null);
  const now = store.clock();
  const attachments = file
    ? [
        {
          type: 'file' as const,
          id: store.nextId(),
          filename: filename!,
          mime_type: file.type || 'application/octet-stream',
          size: file.bytes.length,
          url: `${'https://files.sandbox.invalid'}/${conversation.id}/${encodeURIComponent(filename!)}`,
          created: now,
        },
      ]
    : [];
  store.appendPart(conversation, {
    body,
    bodyJson: {},
    read: false,
    direction: 'u2a',
    type: 'reply_user',
    sentVia: 'api',
    attachments,
    metaData: {},
    replyType: 'text',
    actions: null,
    externalId: null,
    randomId: randomId(ctx),
    fromAdminId: null,
    fromUserId: user.id,
    assigneeId: null,
    referrer: params.string('referrer') ?? null,
  });
  return { data: { id: conversation.id } };
}

/** POST /users/{id}/sendmessage: a manual message from an admin that starts a conversation. */
function sendMessage(ctx: RouteContext) {
  const body = ctx.params.string('body') ?? '';
  if (!body) throw badRequest('body is required');
  if (body.length > LIMITS.replyBodyMax)
    throw new ApiFailure(400, 'ReplyTooBig', `body is longer than ${LIMITS.replyBodyMax} characters`);
  const type = ctx.params.oneOf('type', ['popup_chat', 'popup_small', 'popup_big'] as const) ?? 'popup_chat';
  const user = ctx.user();
  // Checked before anything is created: a refused sender leaves no empty conversation behind.
  // Version 2 documents no from_admin (/webapi/endpoints/users/sendmessage): the default sender writes.
  const sender = ctx.version >= 2 ? ctx.store.apps.get(user.appId)!.defaultAdminId : fromAdmin(ctx, user);
  const conversation = ctx.store.createConversation(user.appId, user.id, null, type);
  conversation.messageId = ctx.store.nextId();
  const part = ctx.store.appendPart(conversation, {
    body,
    bodyJson: {},
    read: false,
    direction: 'a2u',
    type: 'reply_admin',
    sentVia: 'api',
    attachments: [],
    metaData: {},
    replyType: 'text',
    actions: null,
    externalId: null,
    randomId: randomId(ctx),
    fromAdminId: sender,
    fromUserId: null,
    assigneeId: null,
    referrer: null,
  });
  if (ctx.version >= 2) return { data: { conversation: conversation.id, message: conversation.messageId } };
  return { data: { id: conversation.id, part: ctx.present.part(part) } };
}

/** POST /users/{id}/unsubscribeemail, by the state machine of the specification. */
function unsubscribe(ctx: RouteContext) {
  const user = ctx.user();
  if (!user.props.$email) throw badRequest('The user has no $email');
  const status = user.emailStatus ?? 'subscribed';
  if (!['subscribed', 'awaiting confirmation', 'unsubscribed'].includes(status))
    throw badRequest(`The email status "${status}" does not allow unsubscribing`);
  user.emailStatus = 'unsubscribed';
  return { data: {} };
}

function consent(ctx: RouteContext) {
  const user = ctx.user();
  const email = ctx.params.string('contacts[email]');
  const phone = ctx.params.string('contacts[phone]');
  const contactsJson = ctx.params.json('contacts') as { email?: string; phone?: string } | undefined;
  user.consents = [
    ...(user.consents ?? []),
    {
      created: ctx.store.clock(),
      ipAddress: ctx.params.string('ip_address') ?? null,
      dataProcessing: ctx.params.bool('data_processing') ?? null,
      contacts: { email: email ?? contactsJson?.email, phone: phone ?? contactsJson?.phone },
    },
  ];
  return { data: presentUser(ctx.store, user, DEFAULT_FLAGS, ctx.store.clock()) };
}

function recordEvent(ctx: RouteContext) {
  const name = (ctx.params.string('event') ?? '').trim();
  if (!name) throw badRequest('event is required');
  if (name.length > 255) throw badRequest('event is longer than 255 characters');
  const params = ctx.params.json('params') ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw badRequest('params must be a JSON object');
  const created = ctx.params.number('created') ?? ctx.store.clock();
  const user = ctx.user({ create: true });
  const event = { id: ctx.store.nextId(), name, created, params: params as Record<string, unknown> };
  user.events = [...(user.events ?? []), event].sort((a, b) => compareIds(a.id, b.id));
  ctx.store.userChanged(user.appId, user.id, { kind: 'event', event });
  return { data: { id: event.id } };
}

function setPresence(ctx: RouteContext) {
  const presence = ctx.params.oneOf('presence', ['online', 'idle'] as const);
  if (!presence) throw badRequest('presence is required: online or idle');
  const user = ctx.user();
  const now = ctx.store.clock();
  const started =
    user.presence === 'offline' || user.lastHeartbeat === undefined || now - user.lastHeartbeat > 120
      ? now
      : user.presenceDetails.session_started;
  user.presence = presence;
  user.lastHeartbeat = now;
  user.presenceDetails = {
    page: ctx.params.string('current_page') ?? user.presenceDetails.page,
    url: ctx.params.string('current_url') ?? user.presenceDetails.url,
    session_started: started,
    presence,
  };
  user.props.$last_seen = Math.round(now);
  return { data: {} };
}

/** POST /users/import: a CSV whose header names user_id and properties; rows create or update users. */
function importUsers(ctx: RouteContext) {
  const file = ctx.files.get('file');
  const text = file ? file.bytes.toString('utf8') : ctx.params.string('csv');
  if (!text) throw badRequest('Send the CSV as the file "file"');
  const rows = text.split(/\r?\n/).filter((l) => l.trim());
  const header = (rows.shift() ?? '').split(',').map((h) => h.trim());
  if (!header.includes('user_id')) throw badRequest('The CSV header must include user_id');
  let created = 0;
  let updated = 0;
  const errors: { line: number; reason: string }[] = [];
  rows.forEach((line, i) => {
    const cells = line.split(',').map((c) => c.trim());
    if (cells.length !== header.length)
      return void errors.push({ line: i + 2, reason: `expected ${header.length} columns, got ${cells.length}` });
    const record = Object.fromEntries(header.map((h, j) => [h, cells[j] ?? '']));
    const userId = record.user_id;
    if (!userId) return void errors.push({ line: i + 2, reason: 'user_id is empty' });
    let user = [...ctx.store.users.values()].find((u) => u.appId === ctx.token.appId && u.userId === userId);
    if (user) updated += 1;
    else {
      user = ctx.store.createUser(ctx.token.appId, userId);
      created += 1;
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === 'user_id' || value === '') continue;
      if (key.startsWith('$')) user.props[key] = value;
      else user.propsCustom[key] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
  });
  return { data: { created, updated, errors } };
}

export const userWriteRoutes: Route[] = [
  { method: 'POST', pattern: /^\/users\/import$/, scopes: ['user-write'], handle: importUsers },
  { method: 'POST', pattern: /^\/users\/([^/]+)\/startconversation$/, scopes: ['as-user'], handle: startConversation },
  {
    method: 'POST',
    pattern: /^\/users\/([^/]+)\/sendmessage$/,
    scopes: ['messages-manual-send-one'],
    handle: sendMessage,
  },
  { method: 'POST', pattern: /^\/users\/([^/]+)\/unsubscribeemail$/, scopes: ['user-write'], handle: unsubscribe },
  { method: 'POST', pattern: /^\/users\/([^/]+)\/user_consent$/, scopes: ['user-write'], handle: consent },
  { method: 'POST', pattern: /^\/users\/([^/]+)\/events$/, scopes: ['user-write'], handle: recordEvent },
  { method: 'POST', pattern: /^\/users\/([^/]+)\/setpresence$/, scopes: ['as-user'], handle: setPresence },
];
