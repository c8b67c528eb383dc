import type { Id, Timestamp } from './api/types';

/** A channel with the counts an agent cares about. */
export interface ChannelSummary {
  id: Id;
  name: string;
  notRead: number;
  notAssigned: number;
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
}
