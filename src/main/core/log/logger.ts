import { Redactor, type LogFields } from './redact';

export type { LogFields, LogValue } from './redact';
export { errorFields } from './redact';
import type { Logger, LogSink } from '../ports';

export type LogLevel = 'info' | 'warn' | 'error';

export interface LoggerOptions {
  sink: LogSink;
  now?: () => number;
  /** Also print each line (in development): the same redacted line as in the file. */
  mirror?: (level: LogLevel, line: string) => void;
}

/** Default bound of a tail: enough for an hour of trouble, small enough for a chat message. */
export const TAIL_MAX_BYTES = 64 * 1024;

export function createLogger(options: LoggerOptions): Logger {
  const redactor = new Redactor();
  const now = options.now ?? Date.now;
  const write = (level: LogLevel, scope: string, message: string, fields?: LogFields) => {
    // Logging is the one thing that must not fail its caller: a bad clock or a broken mirror are dropped.
    try {
      const rest = redactor.fields(fields);
      const line = `${new Date(now()).toISOString()} ${level.toUpperCase().padEnd(5)} ${scope}: ${redactor.text(message)}${rest ? ` ${rest}` : ''}`;
      options.sink.write(line);
      options.mirror?.(level, line);
    } catch {
      // Nowhere left to say it.
    }
  };
  return {
    scope: (name) => ({
      info: (message, fields) => write('info', name, message, fields),
      warn: (message, fields) => write('warn', name, message, fields),
      error: (message, fields) => write('error', name, message, fields),
    }),
    addSecret: (value) => redactor.addSecret(value),
    tail: (maxLines, maxBytes = TAIL_MAX_BYTES) => options.sink.tail(maxLines, maxBytes),
  };
}

/** A logger that keeps nothing: the default wherever no log is passed in (most tests). */
export const silentLogger: Logger = {
  scope: () => ({ info: () => {}, warn: () => {}, error: () => {} }),
  addSecret: () => {},
  tail: async () => [],
};

/** Lines kept in memory, for tests that check what was logged. */
export function memorySink(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    write: (line) => void lines.push(line),
    tail: async (maxLines) => lines.slice(-maxLines),
  };
}

/** The development mirror: each line on the console at its level. */
export function consoleMirror(level: LogLevel, line: string): void {
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
