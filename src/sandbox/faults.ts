import { Random } from './random';

/** Failure modes the sandbox can play, for reliability tests. Rates are 0..1. */
export interface FaultSettings {
  /** Added before every public API request is handled. */
  latencyMs: number;
  /** Chance of answering with one of `errorStatuses` instead of handling the request. */
  errorRate: number;
  errorStatuses: number[];
  /** Sent as Retry-After on 429 and 503. */
  retryAfterSeconds: number;
  /** Chance of closing the connection without handling the request. */
  dropRate: number;
  /** Chance, for writes, of handling the request and then closing the connection unanswered. */
  commitThenDropRate: number;
}

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorStatuses: [500, 502, 503, 429],
  retryAfterSeconds: 1,
  dropRate: 0,
  commitThenDropRate: 0,
};

export type FaultDecision =
  { kind: 'none' } | { kind: 'error'; status: number } | { kind: 'drop' } | { kind: 'commit-then-drop' };

const rate = (v: unknown, name: string) => {
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new Error(`${name} must be a number from 0 to 1`);
  return v;
};

/** Checks a (partial) settings object from the CLI or the control endpoint. */
export function parseFaults(input: unknown, base: FaultSettings = NO_FAULTS): FaultSettings {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new Error('faults must be a JSON object');
  const raw = input as Record<string, unknown>;
  const known = new Set(Object.keys(NO_FAULTS));
  for (const key of Object.keys(raw)) if (!known.has(key)) throw new Error(`unknown fault setting ${key}`);
  const next = { ...base };
  if ('latencyMs' in raw) {
    if (typeof raw.latencyMs !== 'number' || raw.latencyMs < 0 || raw.latencyMs > 60_000)
      throw new Error('latencyMs must be 0..60000');
    next.latencyMs = raw.latencyMs;
  }
  if ('errorRate' in raw) next.errorRate = rate(raw.errorRate, 'errorRate');
  if ('dropRate' in raw) next.dropRate = rate(raw.dropRate, 'dropRate');
  if ('commitThenDropRate' in raw) next.commitThenDropRate = rate(raw.commitThenDropRate, 'commitThenDropRate');
  if ('retryAfterSeconds' in raw) {
    if (typeof raw.retryAfterSeconds !== 'number' || raw.retryAfterSeconds < 0)
      throw new Error('retryAfterSeconds must be >= 0');
    next.retryAfterSeconds = raw.retryAfterSeconds;
  }
  if ('errorStatuses' in raw) {
    const list = raw.errorStatuses;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((s) => [429, 500, 502, 503, 504].includes(s as number))
    ) {
      throw new Error('errorStatuses must list some of 429, 500, 502, 503, 504');
    }
    next.errorStatuses = list as number[];
  }
  return next;
}

export class Faults {
  settings: FaultSettings = NO_FAULTS;
  private readonly rnd: Random;

  constructor(seed: number, initial?: Partial<FaultSettings>) {
    this.rnd = new Random(seed ^ 0xfa17);
    if (initial) this.settings = parseFaults(initial);
  }

  decide(isWrite: boolean): FaultDecision {
    const s = this.settings;
    if (s.dropRate > 0 && this.rnd.chance(s.dropRate)) return { kind: 'drop' };
    if (s.errorRate > 0 && this.rnd.chance(s.errorRate))
      return { kind: 'error', status: this.rnd.pick(s.errorStatuses) };
    if (isWrite && s.commitThenDropRate > 0 && this.rnd.chance(s.commitThenDropRate))
      return { kind: 'commit-then-drop' };
    return { kind: 'none' };
  }
}
