import { app } from 'electron';
import { join } from 'node:path';
import { consoleMirror, createLogger } from '../core/log/logger';
import type { Logger } from '../core/ports';
import { RotatingLogFile } from '../core/log/rotating-file';

/**
 * Perch's log in the OS's own place for app logs (`app.getPath('logs')`: ~/Library/Logs/Perch,
 * %APPDATA%\Perch\logs, ~/.config/Perch/logs), so an agent's "it stopped notifying me" leaves
 * something to read. Printed to the console too while developing.
 */
export function setupLog(development: boolean): Logger {
  const file = new RotatingLogFile({ path: join(app.getPath('logs'), 'perch.log') });
  return createLogger({ sink: file, mirror: development ? consoleMirror : undefined });
}
