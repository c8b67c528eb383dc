import type { Cadence } from '../../src/main/core/attention/cadence';

/**
 * Polling every 100 ms whatever the agent's attention, for tests that wait for a poll: the
 * product's own cadence (2 s focused, 5 s in the background) would make each such wait seconds
 * long. Realtime keeps its floor out of the way: these tests poll.
 */
export const QUICK_CADENCE: Cadence = { focused: 100, background: 100, idle: 100, realtimeFloor: 60_000, max: 60_000 };
