// The visitors of bench/burst.ts, in a process of their own so that sending costs the core's
// event loop nothing: writes one message into each conversation named, `spacingMs` apart, and
// prints one JSON line: each part's ID with the moment its send began (ms since the epoch, which
// the core's process reads from the same clock).
// Usage: node --import tsx bench/burst-visitors.ts <baseUrl> <controlKey> <spacingMs> <id>...
export {};

const [baseUrl, controlKey, spacingMs, ...ids] = process.argv.slice(2);
if (!baseUrl || !controlKey || !spacingMs || ids.length === 0)
  throw new Error('usage: burst-visitors.ts <baseUrl> <controlKey> <spacingMs> <conversationId>...');

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const start = now();
const sent = await Promise.all(
  ids.map(async (conversationId, i) => {
    await sleep(start + i * Number(spacingMs) - now());
    const t0 = now();
    const res = await fetch(`${baseUrl}/_sandbox/visitor-message`, {
      method: 'POST',
      headers: { 'x-sandbox-key': controlKey, 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId, body: `burst ${i}` }),
    });
    const { partId } = (await res.json()) as { partId: string };
    return { partId, t0 };
  }),
);
console.log(JSON.stringify({ sent, sendMs: now() - start }));
