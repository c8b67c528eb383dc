import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Id } from '../shared/api/types';
import { parseFaults, type Faults } from './faults';
import type { VisitorSimulator } from './simulator';
import type { SandboxStore } from './store';

/**
 * The sandbox's own control endpoints, outside the public API, for tests and benchmarks:
 * `GET|POST /_sandbox/faults` reads or changes fault settings; `POST /_sandbox/visitor-message`
 * makes a visitor write (`{"conversationId":…,"body":…}` or `{"appId":…}` for a new one).
 * Every call needs the `x-sandbox-key` header with the control key from the startup line.
 */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: { key: string; faults: Faults; simulator: VisitorSimulator; store: SandboxStore },
): Promise<void> {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.headers['x-sandbox-key'] !== ctx.key) return reply(403, { error: 'x-sandbox-key is missing or wrong' });
  const path = new URL(req.url ?? '/', 'http://sandbox.invalid').pathname;
  let body: unknown = {};
  if (req.method === 'POST') {
    let text = '';
    for await (const chunk of req as AsyncIterable<Buffer>) {
      text += chunk.toString('utf8');
      if (text.length > 64 * 1024) return reply(413, { error: 'body too large' });
    }
    try {
      body = text ? (JSON.parse(text) as unknown) : {};
    } catch {
      return reply(400, { error: 'body must be JSON' });
    }
  }
  try {
    if (path === '/_sandbox/faults' && req.method === 'GET') return reply(200, ctx.faults.settings);
    if (path === '/_sandbox/faults' && req.method === 'POST') {
      ctx.faults.settings = parseFaults(body, ctx.faults.settings);
      return reply(200, ctx.faults.settings);
    }
    if (path === '/_sandbox/visitor-message' && req.method === 'POST') {
      const { conversationId, appId, body: text } = body as { conversationId?: Id; appId?: Id; body?: string };
      // IDs are strings here; a script may send them as numbers while they are exact.
      const existing = conversationId === undefined ? undefined : ctx.store.conversations.get(String(conversationId));
      if (conversationId !== undefined && !existing) return reply(404, { error: `no conversation ${conversationId}` });
      const conversation = existing
        ? ctx.simulator.writeInto(existing, text)
        : ctx.simulator.startConversation(appId === undefined ? [...ctx.store.apps.keys()][0]! : String(appId), text);
      // The visitor's own part: a bot may already have answered it.
      const written = conversation.parts.findLast((p) => p.type === 'reply_user') ?? conversation.parts.at(-1)!;
      return reply(200, { conversationId: conversation.id, partId: written.id });
    }
  } catch (error) {
    return reply(400, { error: (error as Error).message });
  }
  return reply(404, { error: `no control endpoint ${req.method} ${path}` });
}
