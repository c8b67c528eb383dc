import type { Id, Timestamp } from './api/types';

/** A channel with the counts an agent cares about. */
export interface ChannelSummary {
  id: Id;
  name: string;
  notRead: number;
  notAssigned: number;
  /** Administrators who work this channel: whom a conversation can be assigned to. */
  operators: { id: Id; name: string }[];
}

/** Someone on the site right now. */
export interface VisitorRow {
  id: Id;
  name: string;
  presence: string;
  page: string | null;
  url: string | null;
  sessionStarted: Timestamp | null;
}

export interface LeadRow {
  id: Id;
  name: string;
  email: string | null;
  phone: string | null;
  presence: string;
  lastSeen: Timestamp | null;
}

export interface LeadQuery {
  offset: number;
  limit: number;
  sortProp?: string;
  sortOrder?: 'asc' | 'desc';
  /** Matches name or email, contains-style. */
  search?: string;
  /** Only leads that have this contact. */
  withEmail?: boolean;
  withPhone?: boolean;
}

/** Everything the visitor panel shows about one user. */
export interface VisitorProfile {
  id: Id;
  userId: string | null;
  presence: string;
  props: Record<string, unknown>;
  propsCustom: Record<string, unknown>;
  events: { name: string; count: number; last: Timestamp }[];
  segments: string[];
  tags: string[];
  emailStatus: string | null;
  page: string | null;
  url: string | null;
  /** Notes other agents left about this visitor. */
  notes: { body: string; created: Timestamp | null; adminId: Id | null }[];
  /** Consents the visitor gave, with where and what they covered. */
  consents: {
    created: Timestamp | null;
    ipAddress: string | null;
    dataProcessing: boolean | null;
    email: string | null;
    phone: string | null;
  }[];
}

/** One change to a visitor's properties from the visitor panel. */
export interface PropEdit {
  op: 'update_or_create' | 'delete';
  key: string;
  value?: string | number | null;
}

/** What the server did with an edit: changed, unchanged, and ignored with its reason. */
export interface PropsOutcome {
  affected: string[];
  notChanged: string[];
  ignored: { key: string; op: string; reason: string }[];
  profile: VisitorProfile;
}
