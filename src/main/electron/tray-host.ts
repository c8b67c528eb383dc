import { execFile } from 'node:child_process';

/** A command's output (tests pass their own). */
export type RunCommand = (command: string, args: string[]) => Promise<string>;

const QUESTION_TIMEOUT_MS = 2000;

const runCommand: RunCommand = (command, args) =>
  new Promise((resolve, reject) =>
    execFile(command, args, { timeout: QUESTION_TIMEOUT_MS }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );

const WATCHER = 'org.kde.StatusNotifierWatcher';
const PROPERTY = 'IsStatusNotifierHostRegistered';

/** The same D-Bus question through gdbus (GLib, beside every GTK desktop) or dbus-send. */
async function hostRegistered(run: RunCommand): Promise<boolean> {
  let output: string;
  try {
    output = await run('gdbus', [
      'call',
      '--session',
      '--dest',
      WATCHER,
      '--object-path',
      '/StatusNotifierWatcher',
      '--method',
      'org.freedesktop.DBus.Properties.Get',
      WATCHER,
      PROPERTY,
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    output = await run('dbus-send', [
      '--session',
      '--print-reply',
      `--dest=${WATCHER}`,
      '/StatusNotifierWatcher',
      'org.freedesktop.DBus.Properties.Get',
      `string:${WATCHER}`,
      `string:${PROPERTY}`,
    ]);
  }
  return /\btrue\b/.test(output);
}

/**
 * Whether the desktop shows Perch's tray icon, so that closing the window may hide it. macOS
 * and Windows always do. On Linux Electron's tray is a StatusNotifierItem, and Electron offers
 * no way to know whether anything shows it (vanilla GNOME does not): Perch asks the session bus
 * whether a StatusNotifier host is registered, at start and again at each close, and until it
 * knows, or when it cannot ask, takes it that none is (see README.md).
 */
export class TrayHost {
  private present: boolean;
  private asking = false;

  constructor(
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly run: RunCommand = runCommand,
  ) {
    this.present = platform !== 'linux';
    this.refresh();
  }

  /** What is known now; on Linux the question is asked again for the next time. */
  shown(): boolean {
    this.refresh();
    return this.present;
  }

  private refresh(): void {
    if (this.platform !== 'linux' || this.asking) return;
    this.asking = true;
    hostRegistered(this.run)
      .then(
        (present) => (this.present = present),
        () => (this.present = false),
      )
      .finally(() => (this.asking = false));
  }
}
