import { connect } from 'node:net';
import { Random } from '../../src/sandbox/random';

/** Random HTTP requests and WebSocket frames from a fixed seed, for the never-dies tests. */
export class Fuzzer {
  readonly rnd: Random;

  constructor(seed: number) {
    this.rnd = new Random(seed);
  }

  /** A request target with broken escapes, dot segments, odd characters and long runs. */
  path(prefixes: string[] = ['/']): string {
    const r = this.rnd;
    const pieces = [
      '%',
      '%E0%A4%A',
      '%ZZ',
      '%00',
      '%C0%AF',
      '..',
      '/',
      '//',
      '?',
      '&',
      '=',
      '#',
      '%2e%2e%2f',
      'a',
      '0',
      '-1',
      'auth_token=x',
      'version=9',
      'id_as_string=1',
      'by_user_id=true',
      'paginate_position=%7B',
      '%5B%5D',
      '%7B%7D',
      "'",
      '%FF%FE',
      ';',
      '1',
    ];
    // Bytes the HTTP parser itself refuses, now and then.
    if (r.chance(0.05)) pieces.push('ü', '\u202e', '"', '\\');
    let path = r.pick(prefixes);
    const n = r.chance(0.4) ? 0 : r.int(1, 8);
    for (let i = 0; i < n; i++) path += r.chance(0.8) ? r.pick(pieces) : 'x'.repeat(r.int(1, 300));
    return path;
  }

  headers(target: { host: string; token?: string }): string[] {
    const r = this.rnd;
    const fixed = [`host: ${r.chance(0.9) ? target.host : r.pick(['evil.example', '', '127.0.0.1', 'localhost:1'])}`];
    if (target.token && r.chance(0.6)) fixed.push(`authorization: Token ${target.token}`);
    const names = [
      'origin',
      'content-type',
      'authorization',
      'cookie',
      'x-sandbox-key',
      'last-event-id',
      'accept',
      r.chance(0.2) ? 'expect' : 'x-expect',
      'upgrade',
      'connection',
      'sec-websocket-key',
      'sec-websocket-version',
      'range',
      'x-' + r.hex(4),
    ];
    const values = [
      '',
      'null',
      'http://evil.example',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=zz',
      'text/plain',
      'application/json',
      'application/x-www-form-urlencoded',
      'Token',
      'Token ',
      'Bearer x',
      '100-continue',
      'websocket',
      'upgrade',
      'keep-alive, Upgrade',
      '13',
      'dGhlIHNhbXBsZSBub25jZQ==',
      'bytes=-1',
      '1'.repeat(r.int(1, 4000)),
      r.hex(r.int(1, 40)),
    ];
    return [...fixed, ...Array.from({ length: r.int(0, 6) }, () => `${r.pick(names)}: ${r.pick(values)}`)];
  }

  body(): Buffer {
    const r = this.rnd;
    const kind = r.int(0, 4);
    if (kind === 0) return Buffer.alloc(0);
    if (kind === 1) return Buffer.from(Array.from({ length: r.int(1, 2000) }, () => r.int(0, 255)));
    if (kind === 2)
      return Buffer.from(
        `body=${r.hex(10)}&random_id=${r.int(-5, 2 ** 33)}&operations=${encodeURIComponent('[{"op":"x"')}&tag=${'%'.repeat(r.int(0, 3))}`,
      );
    if (kind === 3)
      return Buffer.from(
        '--zz\r\nContent-Disposition: form-data; name="file"; filename="a\r\n\r\n' + 'x'.repeat(r.int(0, 500)),
      );
    return Buffer.from(JSON.stringify(this.value(3)));
  }

  /** The bytes of one HTTP/1.1 request; sometimes with a wrong length or chunked framing. */
  request(target: { host: string; token?: string; prefixes: string[] }): Buffer {
    const r = this.rnd;
    const method = r.pick([
      'GET',
      'POST',
      'DELETE',
      'PUT',
      'HEAD',
      'OPTIONS',
      'GET',
      'GET',
      'POST',
      'POST',
      r.chance(0.2) ? 'BREW' : 'GET',
    ]);
    const body = this.body();
    const framing = r.pick([0, 0, 0, 1, 2, 3]);
    const head = [`${method} ${this.path(target.prefixes)} HTTP/1.1`, ...this.headers(target)];
    if (framing === 0) head.push(`content-length: ${body.length}`);
    if (framing === 1) head.push(`content-length: ${r.pick([body.length + 10, -1, 'abc', 2 ** 60])}`);
    if (framing === 2) head.push('transfer-encoding: chunked');
    const payload =
      framing === 2
        ? Buffer.concat([
            Buffer.from(`${r.pick([body.length.toString(16), 'zz', '-1'])}\r\n`),
            body,
            Buffer.from('\r\n0\r\n\r\n'),
          ])
        : body;
    return Buffer.concat([Buffer.from(head.join('\r\n') + '\r\n\r\n', 'latin1'), payload]);
  }

  /** Any JSON value, with the keys that trip careless code: __proto__, toString, valueOf. */
  value(depth: number): unknown {
    const r = this.rnd;
    const kind = r.int(0, depth > 0 ? 8 : 5);
    if (kind === 0) return null;
    if (kind === 1) return r.pick([0, -1, 1e308, -0, 2 ** 53 + 1, 0.5]);
    if (kind === 2)
      return r.pick(['', 'x'.repeat(r.int(1, 5000)), '\u0000', '\ud800', 'inbox:get', '__proto__', 'constructor']);
    if (kind === 3) return r.chance(0.5);
    if (kind === 4)
      return r.pick(['account:connect', 'conversation:open', 'link:open', 'outbox:retry', 'settings:update']);
    if (kind <= 6) return Array.from({ length: r.int(0, 4) }, () => this.value(depth - 1));
    const out: Record<string, unknown> = {};
    for (let i = r.int(0, 4); i > 0; i--)
      out[r.pick(['toString', 'valueOf', '__proto__', 'constructor', 'id', 'body', 'baseUrl', 'type', r.hex(3)])] =
        this.value(depth - 1);
    return out;
  }

  /** One WebSocket frame's text: mostly invoke-shaped, sometimes not JSON at all. */
  frame(): string | Buffer {
    const r = this.rnd;
    const kind = r.int(0, 5);
    if (kind === 0) return Buffer.from(Array.from({ length: r.int(0, 300) }, () => r.int(0, 255)));
    if (kind === 1) return r.pick(['', '{', 'null', '[]', '"x"', '{"type":"invoke"}']);
    const frame: Record<string, unknown> = {
      type: r.chance(0.9) ? 'invoke' : this.value(1),
      id: r.chance(0.9) ? r.int(1, 1e6) : this.value(1),
      channel: r.chance(0.5) ? this.value(2) : this.value(0),
      args: this.value(3),
    };
    return JSON.stringify(frame);
  }
}

/** Sends raw bytes on a fresh connection and collects whatever comes back until it closes. */
export function rawExchange(
  port: number,
  bytes: Buffer,
  waitMs = 5000,
  options: { keepSending?: boolean } = {},
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    // A server waiting for a body that never comes is not an error; stop listening after a while.
    socket.setTimeout(waitMs, () => socket.destroy());
    // keepSending: the client has more to send (a body), so the server sees no end of the request.
    socket.write(bytes, () => (options.keepSending ? undefined : socket.end()));
  });
}

/** The status line's code of a raw answer, 0 when nothing came back. */
export const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
