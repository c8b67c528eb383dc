import { isId } from '../../../shared/api/ids';
import type { Id, User } from '../../../shared/api/types';
import type { VisitorProfile } from '../../../shared/directory';
import { propSeconds } from '../../../shared/date-props';
import { num, str } from './rows';

/** A visitor's profile as the visitor screen shows it, read field by field from /objects/user. */

/** Events as a list or as a dict keyed by event type ID; each summary read field by field. */
function eventsOf(raw: unknown): VisitorProfile['events'] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  return list.map(record).flatMap((e) => {
    const name = str(record(e.event_type).name) ?? str(e.name);
    const count = num(e.count);
    return name === null ? [] : [{ name, count: count ?? 0, last: propSeconds(e.last) ?? 0 }];
  });
}

/** A user's tags: strings, or UserTag objects with a name (/objects/user). */
const tagsOf = (raw: unknown[] | undefined): string[] =>
  (raw ?? []).flatMap((t) => {
    const name = typeof t === 'string' ? t : str(record(t).name);
    return name ? [name] : [];
  });

/** The e-mail status: an EmailStatus object's `status` (/objects/emailstatus), or a bare string. */
const emailStatusOf = (raw: unknown): string | null => (typeof raw === 'string' ? raw : str(record(raw).status));

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
const anId = (v: unknown): Id | null =>
  isId(v) ? v : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : null;
const idOf = (v: unknown): Id | null => anId(v) ?? anId(record(v).id);

/** Notes and consents have no shape in the specification: read what is there, skip what is not. */
function notesOf(raw: unknown[] | undefined): VisitorProfile['notes'] {
  return (raw ?? [])
    .map(record)
    .filter((n) => str(n.body))
    .map((n) => ({ body: str(n.body)!, created: num(n.created), adminId: idOf(n.author ?? n.admin ?? n.admin_id) }));
}

function consentsOf(raw: unknown[] | undefined): VisitorProfile['consents'] {
  return (raw ?? []).map(record).map((c) => {
    const contacts = record(c.contacts);
    return {
      created: num(c.created),
      ipAddress: str(c.ip_address),
      dataProcessing: typeof c.data_processing === 'boolean' ? c.data_processing : null,
      email: str(contacts.email),
      phone: str(contacts.phone),
    };
  });
}

/** The profile of a user read with every detail (`Directory.profile`). */
export function profileOf(user: User): VisitorProfile {
  const details = (user.presence_details ?? {}) as Record<string, unknown>;
  return {
    id: user.id,
    userId: user.user_id,
    presence: user.presence,
    props: user.props ?? {},
    propsCustom: user.props_custom ?? {},
    events: eventsOf(user.events),
    segments: (user.segments ?? []).map((s) => s.name),
    tags: tagsOf(user.tags),
    emailStatus: emailStatusOf(user.email_status),
    page: str(details.page),
    url: str(details.url),
    notes: notesOf(user.notes),
    consents: consentsOf(user.consents),
  };
}
