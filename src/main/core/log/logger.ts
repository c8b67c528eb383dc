import { Redactor, type LogFields } from './redact';

export type { LogFields, LogValue } from './redact';
export { errorFields } from './redact';

export type LogLevel = 'info' | 'warn' | 'error';

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

/** Where finished lines go: the rotating file, or nothing. */
export interface LogSink {
  write(line: string): void;
  tail(maxLines: number, maxBytes: number): Promise<string[]>;
}

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
