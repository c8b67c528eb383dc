/** What the window shows of Perch's updates (main decides; the renderer only draws it). */
export type UpdateChannel = 'stable' | 'beta';

export type UpdatePhase =
  /** Checks are off: by the administrator's policy, or there is no feed (a build from source). */
  | 'off'
  | 'idle'
  | 'checking'
  | 'up-to-date'
  | 'available'
  | 'downloading'
  | 'ready'
  /** "Restart" was chosen: waiting for replies and other writes to be sent first. */
  | 'waiting-for-writes'
  | 'error';

export interface UpdateState {
  phase: UpdatePhase;
  /** Empty where the host does not know it (the browser host). */
  currentVersion: string;
  /** The newer version found (available, downloading, ready). */
  version: string | null;
  releaseNotes: string | null;
  /** When the feed last answered, ms since the epoch. */
  checkedAt: number | null;
  channel: UpdateChannel;
  autoDownload: boolean;
  skippedVersion: string | null;
  /** What the administrator's policy decides; the agent cannot change those. */
  managed: { enabled: boolean; channel: boolean; autoDownload: boolean };
  /** Why checks are off. */
  offReason: 'policy' | 'policy-damaged' | 'no-feed' | 'unsupported' | null;
  error: 'network' | 'feed' | 'download' | null;
  /** Writes still being sent while a restart waits. */
  writesPending: number;
}

export interface UpdatePreferencesChange {
  channel?: UpdateChannel;
  autoDownload?: boolean;
}

/** How Perch reaches the network, for Settings → Network. */
export interface NetworkState {
  /** 'system': the OS's proxy settings (a PAC file included) through Electron; 'environment': HTTP(S)_PROXY. */
  proxySource: 'system' | 'environment';
  /** What the system resolves for the first account's address: "DIRECT", "PROXY host:port"… null when unknown. */
  proxy: string | null;
  certificates: 'system' | 'bundled';
}

/** A proxy asking for a password, shown to the agent. */
export interface ProxyPrompt {
  id: number;
  host: string;
  port: number;
  realm: string;
}

export interface ProxyCredentials {
  username: string;
  password: string;
}
