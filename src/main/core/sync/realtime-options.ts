import type { Id } from '../../../shared/api/types';
import type { SkipSink } from '../log/diagnostics';
import type { Clock, HttpTransport, OpenRealtimeSocket, ScopedLog } from '../ports';

/** What a RealtimeClient is built with (realtime-client.ts): the server, the token, and the limits tests shrink. */
export interface RealtimeOptions {
  /** The Realtime Services' base: `wss://realtime-services.…`, or ws:// on this computer (realtimeUrlFor). */
  url: string;
  appId: Id;
  token: string;
  clock: Clock;
  openSocket?: OpenRealtimeSocket;
  /** Silence after which the connection counts as lost: the platform pings every 10 s (60 s, as its apps). */
  silenceMs?: number;
  /** How long an open WebSocket may say nothing at all: its first ping is due within 10 s. */
  firstWordMs?: number;
  /** WebSocket failures in a row after which messages come by long polling. */
  longPollAfterFailures?: number;
  /** How long long polling lasts before WebSocket is tried again; also the pause after long polls answered too fast. */
  longPollForMs?: number;
  /** Long polls answered at once in a minute past which realtime pauses (realtime-pace.ts). */
  quickAnswersPerMinute?: number;
  /** Jitter of the waits, 0..1 (default Math.random). */
  random?: () => number;
  /**
   * The network long polls go through: the workspace's (Chromium's in Electron, so the fallback
   * follows the system's proxy where that proxy refuses WebSocket). Default: its own undici one.
   */
  transport?: HttpTransport;
  /** Told of a message whose payload failed its check, and of messages past a frame's limit. */
  diagnostics?: SkipSink;
  /** Where status changes, close codes and the long-polling fallback are logged. */
  log?: ScopedLog;
  /**
   * Whether the Web API takes this token now. Asked once, when a handshake is refused with 3401:
   * if it does, the server may read the token only as `auth_token` in the URL (the older /rts page).
   */
  webApiAcceptsToken?: () => Promise<boolean>;
}
