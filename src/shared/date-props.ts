/**
 * A date property of a visitor in whole seconds: a number as Perch writes it, or an ISO 8601
 * date-time as the platform sends `$last_seen` and event dates, without a zone and in UTC
 * (developers.dashly.io /objects/user). Null when it is neither.
 */
export function propSeconds(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(v) ? v : `${v}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** The visitor's system properties that hold dates. */
export const DATE_PROPS: ReadonlySet<string> = new Set(['$last_seen', '$last_contacted', '$initial_visit']);
