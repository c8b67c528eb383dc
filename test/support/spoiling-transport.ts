import { createUndiciTransport } from '../../src/main/core/api/transport';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/main/core/ports';

type Item = Record<string, unknown> & { id: string };
/** Turns one item of a list into the damaged copy a rewriting proxy would send. */
export type Spoil = (item: Item) => unknown;

/**
 * The real sandbox over HTTP, with chosen items of its lists spoiled on the way: conversations
 * in conversation lists, parts in part lists. Everything else passes untouched.
 */
export class SpoilingTransport implements HttpTransport {
  readonly conversations = new Map<string, Spoil>();
  readonly parts = new Map<string, Spoil>();
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });

  async send(request: HttpRequest): Promise<HttpResponse> {
    const response = await this.inner.send(request);
    const json = JSON.parse(response.body) as { data: unknown };
    if (!Array.isArray(json.data)) return response;
    const path = new URL(request.url).pathname;
    const spoils = /\/conversations$/.test(path) ? this.conversations : /\/parts$/.test(path) ? this.parts : null;
    if (!spoils) return response;
    json.data = json.data.map((item: Item) => spoils.get(String(item.id))?.(item) ?? item);
    return { ...response, body: JSON.stringify(json) };
  }

  close() {
    return this.inner.close();
  }
}
