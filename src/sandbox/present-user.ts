import type { Id, PropValue } from '../shared/api/types';
import { adminRef, type UserRecord } from './model';
import type { SandboxStore } from './store';

/** Presence lapses to offline when no heartbeat came for this long. */
export const PRESENCE_TIMEOUT_SECONDS = 120;

export interface UserFlags {
  props: boolean;
  propsEvents: boolean;
  propsCustom: boolean;
  presenceDetails: boolean;
  events: boolean;
  segments: boolean;
  notes: boolean;
  tags: boolean;
  emailStatus: boolean;
  convertPropsTypes: boolean;
  timezoneOffset: boolean;
  /** The sandbox's own flag: consents recorded by user_consent (the specification shows no field for them). */
  consents?: boolean;
}

const asString = (v: PropValue): PropValue => (v === null ? null : Array.isArray(v) ? v.map(String) : String(v));
const stringify = (props: Record<string, PropValue>) =>
  Object.fromEntries(Object.entries(props).map(([k, v]) => [k, asString(v)]));
/** ISO 8601 without a zone, as the specification describes event dates. */
const isoLocal = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19);

/** Date properties are ISO 8601 strings without a zone (/objects/user: `$last_seen`). */
const DATE_PROPS = new Set(['$last_seen', '$last_contacted', '$initial_visit']);
function withIsoDates(props: Record<string, PropValue>): Record<string, PropValue> {
  if (!Object.keys(props).some((k) => DATE_PROPS.has(k))) return props;
  const out = { ...props };
  for (const key of DATE_PROPS) if (typeof out[key] === 'number') out[key] = isoLocal(out[key] as number);
  return out;
}

/** The sandbox's states by the documented names of /objects/emailstatus. */
const EMAIL_STATUS: Record<NonNullable<UserRecord['emailStatus']>, string> = {
  subscribed: 'confirmed',
  'awaiting confirmation': 'not_confirmed',
  unsubscribed: 'unsubscribed',
  bounced: 'bounced',
};

/** An EmailStatus object, or null for a user without an e-mail address (/objects/emailstatus). */
function emailStatusOf(user: UserRecord) {
  if (typeof user.props.$email !== 'string' || !user.props.$email) return null;
  return { id: user.id, app: user.appId, status: EMAIL_STATUS[user.emailStatus ?? 'subscribed'], updated: null };
}

export function presenceOf(user: UserRecord, nowSeconds: number): UserRecord['presence'] {
  if (user.lastHeartbeat !== undefined && nowSeconds - user.lastHeartbeat > PRESENCE_TIMEOUT_SECONDS) return 'offline';
  return user.presence;
}

/** Stable event type IDs per application and event name. */
export function eventTypeId(store: SandboxStore, appId: Id, name: string): Id {
  const key = `${appId}:${name}`;
  let id = store.eventTypes.get(key);
  if (id === undefined) {
    id = store.nextId();
    store.eventTypes.set(key, id);
  }
  return id;
}

function eventSummary(store: SandboxStore, user: UserRecord) {
  const byName = new Map<string, { first: number; last: number; count: number }>();
  for (const e of user.events ?? []) {
    const s = byName.get(e.name) ?? { first: e.created, last: e.created, count: 0 };
    s.first = Math.min(s.first, e.created);
    s.last = Math.max(s.last, e.created);
    s.count += 1;
    byName.set(e.name, s);
  }
  return [...byName].map(([name, s]) => ({
    ...s,
    event_type: { id: eventTypeId(store, user.appId, name), name, score: 0 },
  }));
}

export function propsEvents(store: SandboxStore, user: UserRecord): Record<string, PropValue> {
  const out: Record<string, PropValue> = {};
  for (const e of eventSummary(store, user)) {
    const id = e.event_type.id;
    out[`$event_${id}_first`] = isoLocal(e.first);
    out[`$event_${id}_last`] = isoLocal(e.last);
    out[`$event_${id}_count`] = e.count;
  }
  return out;
}

/** A User object with the optional fields the flags ask for. */
export function presentUser(
  store: SandboxStore,
  user: UserRecord,
  flags: UserFlags,
  nowSeconds: number,
): Record<string, unknown> {
  const convert = (p: Record<string, PropValue>) => (flags.convertPropsTypes ? { ...p } : stringify(p));
  const out: Record<string, unknown> = {
    id: user.id,
    app: user.appId,
    user_id: user.userId,
    presence: presenceOf(user, nowSeconds),
  };
  if (flags.props) out.props = convert(withIsoDates(user.props));
  if (flags.propsEvents) out.props_events = propsEvents(store, user);
  if (flags.propsCustom) out.props_custom = convert(user.propsCustom);
  if (flags.presenceDetails) out.presence_details = { ...user.presenceDetails, presence: presenceOf(user, nowSeconds) };
  // The newer /objects/user page: a dict keyed by event type ID (the older page showed a list).
  if (flags.events) out.events = Object.fromEntries(eventSummary(store, user).map((e) => [e.event_type.id, e]));
  if (flags.segments)
    out.segments = (user.segmentIds ?? [])
      .map((id) => store.segments.get(id))
      .filter(Boolean)
      .map((s) => ({ id: s!.id, app: s!.appId, name: s!.name, filters: s!.filters }));
  // Notes carry their author as an Admin object; tags are UserTag objects (/objects/user).
  if (flags.notes)
    out.notes = (user.notes ?? []).map((n) => {
      const author = store.admins.get(n.adminId);
      return { id: n.id, body: n.body, created: n.created, author: author ? adminRef(author) : null };
    });
  if (flags.tags) out.tags = (user.tags ?? []).map((name) => ({ name }));
  if (flags.emailStatus) out.email_status = emailStatusOf(user);
  if (flags.timezoneOffset) out.timezone_offset = user.timezoneOffset ?? 0;
  if (flags.consents)
    out.consents = (user.consents ?? []).map((c) => ({
      created: c.created,
      ip_address: c.ipAddress,
      data_processing: c.dataProcessing,
      contacts: c.contacts,
    }));
  return out;
}
