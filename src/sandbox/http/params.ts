import { isId, parseJsonLosslessly } from '../../shared/api/ids';
import type { Id } from '../../shared/api/types';

/** The largest 64-bit ID (signed, as the platform's keys are). */
const MAX_ID = 2n ** 63n - 1n;
import { badRequest } from './errors';

const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no', '']);

/**
 * Request parameters from the query string and the form body together: every method accepts
 * them either way. A malformed value is a 400 BadRequest naming the parameter.
 */
export class Params {
  constructor(private readonly values: Map<string, string[]>) {}

  static from(...sources: URLSearchParams[]): Params {
    const values = new Map<string, string[]>();
    for (const source of sources) {
      for (const [rawName, value] of source) {
        const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
        const list = values.get(name) ?? [];
        list.push(value);
        values.set(name, list);
      }
    }
    return new Params(values);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  string(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }

  bool(name: string): boolean | undefined;
  bool(name: string, fallback: boolean): boolean;
  bool(name: string, fallback?: boolean): boolean | undefined {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    const v = raw.trim().toLowerCase();
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
    throw badRequest(`Parameter ${name} must be a boolean, got ${JSON.stringify(raw)}`);
  }

  number(name: string): number | undefined {
    const raw = this.string(name);
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n)) throw badRequest(`Parameter ${name} must be a number, got ${JSON.stringify(raw)}`);
    return n;
  }

  int(name: string, range?: { min: number; max: number }): number | undefined {
    const n = this.number(name);
    if (n === undefined) return undefined;
    if (!Number.isInteger(n)) throw badRequest(`Parameter ${name} must be an integer`);
    if (range && (n < range.min || n > range.max))
      throw badRequest(`Parameter ${name} must be between ${range.min} and ${range.max}, got ${n}`);
    return n;
  }

  /** An ID: decimal digits, 64-bit, kept as the string they are. */
  id(name: string): Id | undefined {
    const raw = this.string(name)?.trim();
    if (raw === undefined || raw === '') return undefined;
    if (!isId(raw) || BigInt(raw) > MAX_ID)
      throw badRequest(`Parameter ${name} must be an ID (digits), got ${JSON.stringify(raw.slice(0, 40))}`);
    return raw;
  }

  /** A structured value sent as a JSON string (operations, paginate_position, actions...). */
  json(name: string): unknown {
    const raw = this.string(name);
    if (raw === undefined || raw === '') return undefined;
    try {
      return parseJsonLosslessly(raw);
    } catch {
      throw badRequest(`Parameter ${name} must be JSON`);
    }
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = this.string(name);
    if (raw === undefined || raw === '') return undefined;
    if (!(allowed as readonly string[]).includes(raw))
      throw badRequest(`Parameter ${name} must be one of ${allowed.join(', ')}`);
    return raw as T;
  }
}
