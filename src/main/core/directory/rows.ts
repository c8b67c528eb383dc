import type { Lead, User } from '../../../shared/api/types';
import type { LeadRow, VisitorRow } from '../../../shared/directory';
import { propSeconds } from '../../../shared/date-props';

/** The rows of the directory's lists: a visitor on the site now, a lead. */

export const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
/** Name or email; empty for an anonymous visitor, whom the renderer names in the agent's language. */
const nameOf = (props: Record<string, unknown> | undefined) => str(props?.$name) ?? str(props?.$email) ?? '';

export function visitorRow(user: User): VisitorRow {
  const details = (user.presence_details ?? {}) as Record<string, unknown>;
  return {
    id: user.id,
    name: nameOf(user.props),
    presence: user.presence,
    page: str(details.page),
    url: str(details.url),
    sessionStarted: num(details.session_started),
  };
}

export function leadRow(lead: Lead): LeadRow {
  return {
    id: lead.id,
    name: nameOf(lead.props),
    email: str(lead.props.$email),
    phone: str(lead.props.$phone),
    presence: lead.presence,
    lastSeen: propSeconds(lead.props.$last_seen),
  };
}
