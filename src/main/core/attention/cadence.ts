/** What decides how often Perch polls: the agent's attention and the machine's state. */
export interface CadenceInputs {
  windowFocused: boolean;
  windowVisible: boolean;
  /** The system reports no input for a while, or the screen is locked. */
  idle: boolean;
  suspended: boolean;
  onBattery: boolean;
  /** A realtime stream is delivering changes: polling is only a safety net then. */
  realtime: boolean;
}

/** Before any adapter has said otherwise: no window is seen (PageAttention says when one is). */
export const DEFAULT_CADENCE: CadenceInputs = {
  windowFocused: false,
  windowVisible: false,
  idle: false,
  suspended: false,
  onBattery: false,
  realtime: false,
};

export interface Cadence {
  focused: number;
  background: number;
  idle: number;
  /** While realtime delivers, polling is the safety net: no more often than this. */
  realtimeFloor: number;
  max: number;
}

export const CADENCE_MS: Cadence = {
  focused: 2000,
  background: 5000,
  idle: 20_000,
  realtimeFloor: 30_000,
  max: 60_000,
};

/** The inbox poll interval in ms, or null while the machine sleeps. */
export function inboxInterval(inputs: CadenceInputs, cadence: Cadence = CADENCE_MS): number | null {
  if (inputs.suspended) return null;
  let ms: number = inputs.idle ? cadence.idle : inputs.windowFocused ? cadence.focused : cadence.background;
  if (inputs.onBattery) ms *= 2;
  if (inputs.realtime) ms = Math.max(ms, cadence.realtimeFloor);
  return Math.min(ms, cadence.max);
}

/** The open conversation's parts: quick while the agent looks at it, slower otherwise. */
export function partsInterval(inputs: CadenceInputs, cadence: Cadence = CADENCE_MS): number | null {
  if (inputs.suspended) return null;
  if (inputs.realtime) return cadence.realtimeFloor;
  return inputs.windowFocused && !inputs.idle ? 1500 : 6000;
}

/**
 * The longest wait between polls after failures, unless the server names one (Retry-After): an
 * account must not stay stale for tens of seconds once the server answers again.
 */
export const TROUBLE_BACKOFF_CAP_MS = 10_000;

/** The ceiling of the full-jitter wait after `failures` failed polls at `intervalMs`. */
export function troubleBackoffCeiling(failures: number, intervalMs: number): number {
  return Math.min(Math.max(TROUBLE_BACKOFF_CAP_MS, intervalMs), intervalMs * 2 ** Math.max(0, failures));
}
