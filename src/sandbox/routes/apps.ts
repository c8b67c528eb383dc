import { compareIds } from '../../shared/api/ids';
import { LIMITS, type PropValue } from '../../shared/api/types';
import { badRequest } from '../http/errors';
import { pageQueryV1, pageQueryV2 } from '../http/paging-params';
import type { Route, RouteContext } from '../http/route';
import { isLead, type UserRecord } from '../model';
import { pageV1, pageV2 } from '../paging';
import { presenceOf, presentUser, propsEvents } from '../present-user';
import { SortedIndex, type Key } from '../sorted-index';
import { matches, parseFilters } from './user-filters';

const DEFAULT_FLAGS = {
  props: true,
  propsEvents: false,
  propsCustom: false,
  presenceDetails: false,
  events: false,
  segments: false,
  notes: false,
  tags: false,
  emailStatus: false,
  convertPropsTypes: true,
  timezoneOffset: false,
};

function compareProp(a: PropValue | undefined, b: PropValue | undefined): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** GET /apps/{id}/users: leads, filtered and sorted, with offset/limit paging. */
function listLeads(ctx: RouteContext) {
  ctx.requireApp(ctx.pathId);
  const { params, store } = ctx;
  const offset = params.int('offset', { min: 0, max: LIMITS.usersOffsetLimitMax }) ?? 0;
  const limit = params.int('limit', { min: LIMITS.pageSizeMin, max: LIMITS.pageSizeMax }) ?? LIMITS.pageSizeDefault;
  if (offset + limit > LIMITS.usersOffsetLimitMax)
    throw badRequest(`offset + limit must be at most ${LIMITS.usersOffsetLimitMax}`);
  const filter = parseFilters(params.json('filters'));
  const sortProp = params.string('sort_prop') || '$last_seen';
  const order = params.oneOf('sort_order', ['asc', 'desc'] as const) ?? 'desc';
  const convert = params.bool('convert_props_types', true);
  const flat = (u: UserRecord) => ({ ...u.props, ...u.propsCustom, ...propsEvents(store, u) });
  const now = store.clock();
  const leads = [...store.users.values()].filter(
    (u) => u.appId === ctx.pathId && isLead(u) && matches(flat(u), filter, now),
  );
  leads.sort(
    (a, b) => (order === 'asc' ? 1 : -1) * compareProp(flat(a)[sortProp], flat(b)[sortProp]) || compareIds(b.id, a.id),
  );
  const page = leads.slice(offset, offset + limit);
  return {
    data: {
      total: leads.length,
      users: page.map((u) => {
        const props = flat(u);
        return {
          id: u.id,
          presence: presenceOf(u, now),
          props: convert
            ? props
            : Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v === null ? null : String(v)])),
        };
      }),
    },
  };
}

/** GET /apps/{id}/activeusers: users on the site now, newest session first, `before` paging only. */
function activeUsers(ctx: RouteContext) {
  ctx.requireApp(ctx.pathId);
  const now = ctx.store.clock();
  const keyOf = (u: UserRecord): Key => [u.presenceDetails.session_started ?? 0, BigInt(u.id)];
  const online = [...ctx.store.users.values()].filter(
    (u) => u.appId === ctx.pathId && presenceOf(u, now) !== 'offline',
  );
  const index = new SortedIndex<UserRecord>(keyOf);
  index.load(online);
  const flags = { ...DEFAULT_FLAGS, presenceDetails: true };
  if (ctx.version === 1) {
    const v1 = pageV1(index, keyOf, pageQueryV1(ctx.params), () => true);
    return { data: v1.items.map((u) => presentUser(ctx.store, u, flags, now)), meta: { next_after: v1.nextAfter } };
  }
  const page = pageV2(index, keyOf, pageQueryV2(ctx.params, ['before']), () => true);
  return {
    data: page.items.map((u) => presentUser(ctx.store, u, flags, now)),
    meta: { next_before_position: page.nextBefore, next_after_position: null },
  };
}

function channels(ctx: RouteContext) {
  ctx.requireApp(ctx.pathId);
  return {
    data: [...ctx.store.channels.values()].filter((c) => c.appId === ctx.pathId).map((c) => ctx.present.channel(c)),
  };
}

export const appRoutes: Route[] = [
  { method: 'GET', pattern: /^\/apps\/(\d+)\/users$/, scopes: ['user-read'], handle: listLeads },
  { method: 'GET', pattern: /^\/apps\/(\d+)\/activeusers$/, scopes: ['users-list-active'], handle: activeUsers },
  { method: 'GET', pattern: /^\/apps\/(\d+)\/channels$/, scopes: ['conversations-read'], handle: channels },
];

export { DEFAULT_FLAGS };
