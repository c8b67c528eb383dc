import type { Cadence } from '../attention/cadence';
import type { ProxyRoute } from '../ports';

/** The sync's choices in a workspace's options: how often it reads, and the realtime stream. */
export interface SyncChoices {
  /** The inbox poll's interval before any attention applies (default 3 s). */
  inboxIntervalMs?: number;
  /** The open conversation's poll interval before any attention applies (default 1.5 s). */
  partsIntervalMs?: number;
  /** Poll intervals by attention (CADENCE_MS; tests shrink them). */
  cadence?: Cadence;
  /** Conversation reads the background sweep spends per poll (tests raise it to converge quickly). */
  sweepReadsPerPoll?: number;
  /** Use the server's realtime stream when it offers one (default true); false: the app has none at all. */
  realtime?: boolean;
  /** The account's own switch (default on): off opens no realtime connection until switched on. */
  liveUpdates?: boolean;
  /** The proxy the system names for an address, with its sign-in: the realtime WebSocket tunnels through it. */
  proxy?: ProxyRoute;
}
