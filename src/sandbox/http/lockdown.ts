import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { SandboxStore } from '../store';
import { ApiFailure } from './errors';

/**
 * The embedded sandbox's lockdown (`lockedDown: true`): it runs inside Perch on the agent's
 * machine, where any web page can send requests to 127.0.0.1. Locked down it answers only
 * Perch: its own Host, no Origin (browsers add one to cross-origin requests), a token of
 * this install in the Authorization header, checked before a byte of the body is read.
 * The standalone sandbox stays open to the whole specification (auth_token, text/plain).
 */

/** Perch needs a handful (its request pool, the realtime stream); the rest is refused. */
export const LOCKED_MAX_CONNECTIONS = 64;

/** How long a new connection may take to send a whole request's headers. */
export const FIRST_REQUEST_MS = 3_000;

/** Connections still waiting for their first whole request, at most; Perch's send theirs at once. */
export const LOCKED_MAX_SILENT = 16;

/**
 * Closes connections that do not send a whole request within {@link FIRST_REQUEST_MS}, and
 * past {@link LOCKED_MAX_SILENT} of them closes the oldest rather than refusing the newest: a
 * local program that keeps re-opening stalled connections (any can) only churns among
 * its own, while Perch's new connection sends its request first and stays.
 * Node's own headersTimeout is not enough here: it spares connections that stall mid-header.
 * Returns what the request handler calls when a connection's first request has arrived.
 */
export function closeSilentConnections(server: Server): (socket: Socket) => void {
  // In the order they came: the first is the oldest.
  const silent = new Map<Socket, NodeJS.Timeout>();
  const arrived = (socket: Socket) => {
    clearTimeout(silent.get(socket));
    silent.delete(socket);
  };
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), FIRST_REQUEST_MS);
    timer.unref();
    silent.set(socket, timer);
    socket.once('close', () => arrived(socket));
    if (silent.size > LOCKED_MAX_SILENT) {
      const oldest = silent.keys().next().value!;
      arrived(oldest);
      oldest.destroy();
    }
  });
  return arrived;
}

/** Whether a request carries a token of this install in its header: only Perch's connections stay open. */
export function fromPerch(req: IncomingMessage, store: SandboxStore): boolean {
  const secret = headerToken(req);
  return secret !== undefined && store.tokens.has(secret);
}

// Refusals close the connection: an unread body is not drained, just dropped.
const CLOSE = { connection: 'close' };

/** Why a request cannot be Perch's own, or null when it may be. */
export function foreignRequest(req: IncomingMessage, ownHost: string): ApiFailure | null {
  if (req.headers.origin !== undefined)
    return new ApiFailure(
      403,
      'PermissionDeniedError',
      'Requests from web pages are refused: this sandbox answers only Perch',
      CLOSE,
    );
  if (req.headers.host !== ownHost)
    return new ApiFailure(403, 'PermissionDeniedError', `The Host header must be ${ownHost}`, CLOSE);
  return null;
}

/** The token of the Authorization header; the query and the body are not looked at. */
export function headerToken(req: IncomingMessage): string | undefined {
  return /^(Token|Bearer)\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[2];
}

/** Refuses, before the body is read, a request without a valid token in its header. */
export function requireHeaderToken(req: IncomingMessage, store: SandboxStore): void {
  const secret = headerToken(req);
  if (!secret || !store.tokens.has(secret))
    throw new ApiFailure(
      401,
      'NotAuthenticated',
      secret ? 'The token is not valid' : 'No token: send Authorization: Token <token>',
      CLOSE,
    );
}

const INSTALL_TOKEN = /^sbx_\d+_[0-9a-f]{48}$/;

/**
 * Gives every token of the store a random secret of this install, unless it has one already.
 * Seeded tokens are the same on every machine; these are kept in the data file with the demo.
 * Returns whether anything changed (the caller saves).
 */
export function useInstallTokens(store: SandboxStore): boolean {
  let changed = false;
  for (const record of [...store.tokens.values()]) {
    if (INSTALL_TOKEN.test(record.token)) continue;
    const token = `sbx_${record.appId}_${randomBytes(24).toString('hex')}`;
    store.tokens.delete(record.token);
    store.tokens.set(token, { ...record, token });
    changed = true;
  }
  return changed;
}
