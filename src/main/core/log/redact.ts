/**
 * What may reach the log file. Lines are for finding out why Perch stopped notifying or
 * syncing, and are pasted into support chats: they carry IDs, kinds, counts, statuses and
 * durations, never a token or anything a visitor or agent wrote.
 */

import type { LogFields, LogValue } from '../ports';

export type { LogFields, LogValue };

/** Field names whose values are text someone wrote or a secret: their value never reaches the file. */
const WITHHELD_NAME = /token|secret|password|authorization|cookie|body|text|content|html|message|draft|note|comment/i;

/** Tokens in URLs, headers and JSON as they appear in error messages. */
const TOKEN_PATTERNS: readonly RegExp[] = [
  /((?:auth_?token|access_?token|token|api_?key)\s*["']?\s*[=:]\s*["']?)[^\s&"',;}]+/gi,
  /(bearer\s+)[^\s"',;}]+/gi,
  /(token\s+)[A-Za-z0-9._~+/-]{8,}=*/gi,
];

/** Longest string value kept: an ID, a status or an error kind fits, a paragraph does not. */
const MAX_VALUE_CHARS = 120;
const MAX_MESSAGE_CHARS = 200;

export class Redactor {
  private readonly secrets = new Set<string>();

  /** A value never to write (an account's token as Perch holds it), wherever it shows up. */
  addSecret(value: string): void {
    // Very short values would blank out ordinary words; tokens are long.
    if (value.length >= 8) this.secrets.add(value);
  }

  /** A free-text string (a log message, an error's message) with every known token shape replaced. */
  text(value: string, max = MAX_MESSAGE_CHARS): string {
    let out = value;
    for (const secret of this.secrets) out = out.split(secret).join('[token]');
    for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, '$1[token]');
    // One line per entry: a newline inside a value must not forge another entry.
    out = out.replace(/[\r\n\t]+/g, ' ');
    return out.length > max ? `${out.slice(0, max)}…` : out;
  }

  fields(fields: LogFields | undefined): string {
    if (!fields) return '';
    const parts: string[] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const key = name.replace(/[^\w.-]/g, '_').slice(0, 40);
      if (WITHHELD_NAME.test(name) && typeof value === 'string') parts.push(`${key}=[withheld ${value.length} chars]`);
      else if (typeof value === 'string') parts.push(`${key}=${JSON.stringify(this.text(value, MAX_VALUE_CHARS))}`);
      else parts.push(`${key}=${String(value)}`);
    }
    return parts.join(' ');
  }
}

/**
 * An error as safe fields: its class and kind, the HTTP status and error code when it has them,
 * and its message cut short (tokens in it are redacted when the line is written).
 */
export function errorFields(error: unknown): Record<string, LogValue> {
  if (!(error instanceof Error)) return { error: typeof error };
  const e = error as Error & { kind?: unknown; code?: unknown; details?: { status?: unknown; apiError?: unknown } };
  return {
    error: e.name,
    kind: typeof e.kind === 'string' ? e.kind : undefined,
    code: typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined,
    status: typeof e.details?.status === 'number' ? e.details.status : undefined,
    apiError: typeof e.details?.apiError === 'string' ? e.details.apiError : undefined,
    reason: e.message,
  };
}
