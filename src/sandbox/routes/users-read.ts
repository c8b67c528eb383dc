import { pageQueryV1, pageQueryV2 } from '../http/paging-params';
import type { Route, RouteContext } from '../http/route';
import { conversationKey, type ConversationRecord, type UserEventRecord } from '../model';
import { pageV1, pageV2 } from '../paging';
import { eventTypeId, presentUser } from '../present-user';
import { SortedIndex, type Key } from '../sorted-index';

function getUser(ctx: RouteContext) {
  const user = ctx.user();
  const p = ctx.params;
  const flags = {
    props: p.bool('props', true),
    propsEvents: p.bool('props_events', false),
    propsCustom: p.bool('props_custom', false),
    presenceDetails: p.bool('presence_details', false),
    events: p.bool('events', false),
    segments: p.bool('segments', false),
    notes: p.bool('notes', false),
    tags: p.bool('tags', false),
    emailStatus: p.bool('email_status', false),
    convertPropsTypes: p.bool('convert_props_types', true),
    timezoneOffset: p.bool('timezone_offset', false),
    consents: p.bool('consents', false),
  };
  return { data: presentUser(ctx.store, user, flags, ctx.store.clock()) };
}

/** GET /users/{id}/conversations: v1 pages by `after`/`count` without `user`; v2 by last_update. */
function userConversations(ctx: RouteContext) {
  const user = ctx.user();
  const onlyReplied = ctx.params.bool('with_user_replies_only', false);
  const recipient = ctx.params.oneOf('recipient_type', ['web', 'sdk'] as const) ?? 'web';
  const accept = (c: ConversationRecord) =>
    c.userId === user.id && (!onlyReplied || c.userReplies > 0) && recipient === 'web';
  const index = ctx.store.conversationIndex(user.appId);
  if (ctx.version === 1) {
    const page = pageV1(index, conversationKey, pageQueryV1(ctx.params), accept);
    return {
      data: page.items.map((c) => ctx.present.conversation(c, { withUser: false, withChannel: true })),
      meta: { next_after: page.nextAfter },
    };
  }
  const page = pageV2(index, conversationKey, pageQueryV2(ctx.params), accept);
  return {
    data: page.items.map((c) => ctx.present.conversation(c, { withUser: true, withChannel: true })),
    meta: { next_before_position: page.nextBefore, next_after_position: page.nextAfter },
  };
}

/** GET /users/{id}/events: the user's events, paged by event ID, optionally by name. */
function userEvents(ctx: RouteContext) {
  const user = ctx.user();
  const name = ctx.params.string('filter_name');
  const asString = ctx.params.bool('props_as_string', false);
  const keyOf = (e: UserEventRecord): Key => [BigInt(e.id)];
  const index = new SortedIndex<UserEventRecord>(keyOf, user.events ?? []);
  const accept = (e: UserEventRecord) => name === undefined || e.name === name;
  const show = (e: UserEventRecord) => ({
    id: e.id,
    name: e.name,
    created: e.created,
    props: asString
      ? Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
      : e.params,
  });
  if (ctx.version === 1) {
    const page = pageV1(index, keyOf, pageQueryV1(ctx.params), accept);
    return { data: page.items.map(show), meta: { next_after: page.nextAfter } };
  }
  const page = pageV2(index, keyOf, pageQueryV2(ctx.params), accept);
  return {
    // The documented shape (/webapi/endpoints/users/events): the event's type as an object, and its user.
    data: page.items.map((e) => {
      const { name, ...rest } = show(e);
      const type = { id: eventTypeId(ctx.store, user.appId, name), name, score: 0, visible: true };
      return { ...rest, type, user: user.id };
    }),
    meta: { next_before_position: page.nextBefore, next_after_position: page.nextAfter },
  };
}

export const userReadRoutes: Route[] = [
  { method: 'GET', pattern: /^\/users\/([^/]+)$/, scopes: ['user-read'], handle: getUser },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/conversations$/,
    scopes: ['conversations-read', 'user-read'],
    handle: userConversations,
  },
  { method: 'GET', pattern: /^\/users\/([^/]+)\/events$/, scopes: ['user-read'], handle: userEvents },
];
