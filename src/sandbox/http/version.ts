import { badRequest } from './errors';

/** Versions the sandbox implements; a prefix selects the latest under it. */
export const VERSIONS = ['1.0.0', '1.1.0', '2.0.0', '2.0.1', '2.1.0', '2.1.1'] as const;
export const CURRENT_MAJOR = 2;
export type Major = 1 | 2;

/** Resolves a version prefix such as `2`, `1.1` or `2.0.1` to the major the request runs on. */
export function resolveVersion(prefix: string | undefined): Major {
  if (prefix === undefined || prefix === '') return CURRENT_MAJOR;
  const clean = prefix.replace(/^v/i, '');
  if (!/^\d+(\.\d+){0,2}$/.test(clean)) throw badRequest(`Unknown API version ${JSON.stringify(prefix)}`);
  const match = VERSIONS.filter((v) => v === clean || v.startsWith(`${clean}.`));
  const latest = match[match.length - 1];
  if (!latest) throw badRequest(`Unknown API version ${JSON.stringify(prefix)}; supported: ${VERSIONS.join(', ')}`);
  return Number(latest.split('.')[0]) as Major;
}
