import { join } from 'node:path';
import { consoleMirror, createLogger } from '../core/log/logger';
import type { Logger } from '../core/ports';
import { RotatingLogFile } from '../core/log/rotating-file';

/** The browser host's log: `logs/perch.log` in its data folder (there is no OS logs folder to ask). */
export function browserHostLog(dataDir: string, options: { mirror?: boolean } = {}): Logger {
  const file = new RotatingLogFile({ path: join(dataDir, 'logs', 'perch.log') });
  return createLogger({ sink: file, mirror: options.mirror ? consoleMirror : undefined });
}
