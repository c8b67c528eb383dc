import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Files kept for serving; the oldest go first beyond it (the demo is not a file store). */
const MAX_FILES = 200;
const PATH = /^\/files\/(\d{1,20})\/([0-9a-f]{32})\/[^/?#]+$/;

/**
 * The files agents and visitors attach, served as the platform's file host serves them: at an
 * address nobody can guess (a random part in the path), without a token, never listed.
 * Kept in memory only: after a restart the addresses of older files answer 404.
 */
export class SandboxFiles {
  private files = new Map<string, { type: string; bytes: Buffer }>();
  /** Where the sandbox listens (`http://127.0.0.1:<port>`); set once it does. */
  origin = 'https://files.sandbox.invalid';

  /** Keeps a file's bytes and gives its address. */
  keep(id: string, name: string, type: string, bytes: Buffer): string {
    const secret = randomBytes(16).toString('hex');
    this.files.set(`${id}/${secret}`, { type, bytes });
    for (const key of this.files.keys()) {
      if (this.files.size <= MAX_FILES) break;
      this.files.delete(key);
    }
    return `${this.origin}/files/${id}/${secret}/${encodeURIComponent(name)}`;
  }

  static owns(url: string | undefined): boolean {
    return url?.startsWith('/files/') === true;
  }

  serve(req: IncomingMessage, res: ServerResponse): void {
    const match = PATH.exec(req.url ?? '');
    const file = match && req.method === 'GET' ? this.files.get(`${match[1]}/${match[2]}`) : undefined;
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res
      .writeHead(200, {
        'content-type': file.type,
        'content-length': file.bytes.length,
        'x-content-type-options': 'nosniff',
        'content-disposition': 'attachment',
      })
      .end(file.bytes);
  }
}
