import type { FormData } from 'undici';
import type { Id } from '../../shared/api/types';
import type { AccountId } from '../../shared/accounts';
import type { AlertSound, DoNotDisturbState } from '../../shared/alerts';
import type { AppBadge } from '../../shared/badge';
import type { UpdateChannel } from '../../shared/updates';
import type { AccountInfo, TokenStorage } from '../../shared/ipc/contract';
import type { AccountsSummary } from '../../shared/accounts-summary';

/**
 * Every interface the core is given rather than builds: what the entry points (Electron, the
 * browser host, tests and benchmarks) pass in, and the only way the core reaches the clock, the
 * network, the OS and the disk outside its own files. A new host implements these.
 */

/** Time as the core sees it; tests pass a fake one (test/support/fake-clock.ts) to step through schedules. */
export interface Clock {
  now(): number;
  /**
   * Milliseconds on a clock that never steps, as timers run: for how long ago, never for what
   * time it is. Without it, now() stands in (and a step of the wall clock is not noticed).
   */
  elapsed?(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  /** Form-encoded text, or multipart FormData for uploads. */
  body?: string | FormData;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The one thing the API client needs from the network (api/transport.ts on undici); tests and benchmarks can count through it. */
export interface HttpTransport {
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

/** One WebSocket to the Realtime Services, as the realtime client uses it (sync/realtime-socket.ts on `ws`). */
export interface RealtimeSocket {
  close(): void;
}
export interface SocketHandlers {
  open(): void;
  message(text: string): void;
  /** The connection ended: a close code (3401, 3403, 3500…, 1006 for a dropped line) and why. */
  closed(code: number, reason: string): void;
}
export type OpenRealtimeSocket = (url: string, headers: Record<string, string>, on: SocketHandlers) => RealtimeSocket;

/**
 * The system's proxy for the realtime WebSocket (Electron only): the proxy it names for an
 * address, and the agent's sign-in for it.
 */
export interface ProxyRoute {
  /** A PAC answer for an address: "PROXY host:port; DIRECT". */
  resolve(url: string): Promise<string>;
  credentials?: ProxyCredentialSource;
}

/** A proxy's name and password as the agent gave them: known ones first, a prompt once refused. */
export interface ProxyCredentialSource {
  credentials(
    proxy: { host: string; port: number; realm: string },
    refused: boolean,
  ): Promise<{ username: string; password: string } | null>;
}

/** What a notification's button does (`notifications/actions.ts` runs it). */
export type NotificationAction = 'assign-to-me' | 'mark-read' | 'snooze-hour';

/** One of a notification's buttons: what it does and what it says. */
export interface NotificationButton {
  action: NotificationAction;
  label: string;
}

/** What a notification says, of whichever kind (`notifications/kinds/`). */
export interface VisitorNotification {
  /** The kind's name: a button pressed is the kind's button at that place (`notifications/actions.ts`). */
  kind: string;
  /** One notification per conversation: a newer message replaces the older one. */
  conversationId: Id;
  title: string;
  body: string;
  silent: boolean;
  /** How long the visitor has waited, in words ("waiting 4 min"); absent under a minute. */
  waited?: string;
  /** The kind's buttons, in the order shown where the OS shows buttons (macOS, Windows). */
  buttons: readonly NotificationButton[];
  /** Whether it offers the OS's inline reply, where there is one (macOS, Windows). */
  reply: boolean;
}

/** A notification with the account its conversation belongs to: a click opens it there. */
export interface AccountNotification extends VisitorNotification {
  accountId: AccountId;
}

/** Shows native notifications; the Electron adapter or the browser host implements it. */
export interface Notifier {
  show(notification: AccountNotification): void;
}

/** What the tray is shown from: every account together (`summarizeAccounts`), and how fresh and how long waited. */
export type TrayInput = AccountsSummary & {
  /** The least fresh account has been stale since then (ms), if one is. */
  staleSince?: number | null;
  /** The longest-waiting unread visitor has waited since then (whole seconds), if any. */
  waitingSince?: number | null;
};

/**
 * Shows every account's unread state outside the window (the tray): given the summary once per
 * change of what it shows (`notifications/tray-presenter.ts` turns it into icon, count and tooltip).
 */
export interface StatusIndicator {
  update(input: TrayInput): void;
}

/** Draws the app's badge (Dock, taskbar overlay, launcher count), as `badgeOf` decided it. */
export interface BadgeIndicator {
  show(badge: AppBadge): void;
}

/** Where the API token lives. The token is read by the main process only; it never crosses IPC. */
export interface CredentialStore {
  /** `keychain`: the OS keychain; `encrypted`: a file encrypted by the OS; `plain`: a file the user accepted. */
  readonly kind: TokenStorage;
  get(account: string): Promise<string | null>;
  set(account: string, token: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

/** Where the agent's settings are kept (electron-store in Electron, `settings.json` elsewhere); read unchecked. */
export interface SettingsBackend<Stored = unknown> {
  read(): Promise<unknown>;
  write(settings: Stored): Promise<void>;
}

/** What was wrong with a state file found at start, and where its damaged copy went. */
export interface StateProblem {
  /** The damaged copy; null when it could not even be moved. */
  movedTo: string | null;
  /** For lists: how many entries were kept of how many were found (null: none could be read). */
  kept: number | null;
  total: number | null;
  /** For the log, never shown as is. */
  reason: string;
}

/** Whatever could be saved from a file that failed its schema, and how much of it. */
export type Recovery<T> = (raw: unknown) => { value: T; kept: number; total: number } | null;

export interface LoadResult<T> {
  /** The content, or what was recovered from it; undefined when there is no usable file. */
  value: T | undefined;
  problem: StateProblem | null;
}

/** One state file (storage/json-file.ts): read back checked, a damaged one moved aside; written atomically. */
export interface StateFile<T> {
  load(options?: { recover?: Recovery<T> }): Promise<LoadResult<T>>;
  write(value: T): Promise<void>;
}

/** A field value the log accepts: scalars only, so a whole object (a message, a response) cannot slip in. */
export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Readonly<Record<string, LogValue>>;

/** One part of Perch writing to the log: its lines carry the scope's name. */
export interface ScopedLog {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * The log port the core is given (never imports): `scope('sync')` for each part that writes.
 * Writing never throws and never waits; the caller goes on whatever the disk does.
 */
export interface Logger {
  scope(name: string): ScopedLog;
  /** A value never to write, such as an account's token: replaced wherever it shows up. */
  addSecret(value: string): void;
  /** The last lines written, oldest first, at most `maxLines` and about `maxBytes` (for Diagnostics). */
  tail(maxLines: number, maxBytes?: number): Promise<string[]>;
}

/** Where finished log lines go: the rotating file (log/rotating-file.ts), or nothing. */
export interface LogSink {
  write(line: string): void;
  tail(maxLines: number, maxBytes: number): Promise<string[]>;
}

/** Where Perch talks to for one account: its address, application, administrator and token. */
export interface Connection {
  id: AccountId;
  mode: AccountInfo['mode'];
  baseUrl: string;
  appId: Id;
  adminId: Id;
  token: string;
}

/** A demo server the entry point started (the embedded sandbox), handed to the core. */
export interface StartedDemo {
  connection: Connection;
  stop(): Promise<void>;
  /** The demo's saved state was damaged: moved aside, and the demo started from fresh data. */
  damaged?: { movedTo: string | null; reason: string } | null;
}

/**
 * Starts the demo server with its state in `dataDir`: what Perch shows when no account is
 * connected, so a new user sees a live inbox at once. The core never starts one itself
 * (src/main/demo does).
 */
export type StartDemo = (dataDir: string) => Promise<StartedDemo>;

/** Plays one of Perch's sounds (the window plays it, in Electron and the browser host alike). */
export interface SoundPlayer {
  /** `waiting`: a repeat of the escalation, for this many visitors waiting over every account. */
  play(sound: AlertSound, volume: number, waiting?: number): void;
}

/** The OS's ways to ask for the agent: flash the taskbar, bounce the Dock, bring the window forward. */
export interface AttentionRequests {
  /** Flash the taskbar (Windows), bounce the Dock (macOS), or mark the window as asking for attention (Linux). */
  request(): void;
  /** Stop flashing or bouncing. */
  cancel(): void;
  bringForward(): void;
}

/**
 * Reads the OS's Do Not Disturb (macOS Focus, Windows Focus Assist, GNOME's banners switch).
 * A reader that cannot tell answers "unknown", which never holds a notification back.
 */
export interface DoNotDisturbReader {
  read(): Promise<DoNotDisturbState>;
}

/** One installer a release names: where it is and its checksum. */
export interface FeedFile {
  url: string;
  sha512: string;
  size?: number;
}

/** A release as the update feed describes it (`updates/feed.ts` reads it). */
export interface FeedRelease {
  version: string;
  files: FeedFile[];
  releaseDate?: string;
  releaseName?: string;
  /** Plain text or the HTML electron-builder copies from the release; the window shows it as text. */
  releaseNotes?: string;
}

/** The updater itself (electron-updater in Electron; the feed reader in tests and the browser host). */
export interface UpdaterPort {
  /** The latest release of the channel, as the feed describes it. */
  check(request: { feedUrl: string; channel: UpdateChannel }): Promise<FeedRelease>;
  /** Downloads the release last checked and verifies it. */
  download(): Promise<void>;
  /** Quits Perch and installs what was downloaded. */
  install(): void;
}

/**
 * The search store's files (search/search-files.ts on Node's fs): a snapshot of what Perch
 * has read, and a journal of what it read after.
 */
export interface SearchStorage {
  /** Both as text ('' when there is none); throws when the disk will not give them. */
  read(): Promise<{ snapshot: string; journal: string }>;
  /** Adds lines at the journal's end. */
  append(lines: string): Promise<void>;
  /** Replaces the snapshot (atomically), then empties the journal. */
  compact(snapshot: string): Promise<void>;
  /** Moves both aside as damaged; where the snapshot went, or null. */
  moveAside(): Promise<string | null>;
}
