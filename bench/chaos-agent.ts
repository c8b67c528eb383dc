// The scripted agent of `npm run chaos`: Perch's real outbox in its own process, which the
// harness kills (SIGKILL) at random. Each start queues whatever part of the plan is missing,
// then sends. It prints "idle" when everything it queued has landed.
import { readFileSync } from 'node:fs';
import { ApiClient } from '../src/main/core/api/client';
import { createUndiciTransport } from '../src/main/core/api/transport';
import { systemClock } from '../src/main/core/clock';
import { Outbox } from '../src/main/core/outbox/outbox';
import type { OutboxAction, OutboxItem } from '../src/main/core/outbox/types';
import { JsonFile } from '../src/main/core/storage/json-file';

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`chaos agent: ${name} is not set`);
  return value;
}
const env = Object.fromEntries(
  ['CHAOS_PLAN', 'CHAOS_DIR', 'CHAOS_BASE_URL', 'CHAOS_TOKEN', 'CHAOS_APP_ID', 'CHAOS_ADMIN_ID'].map((n) => [
    n,
    need(n),
  ]),
) as Record<string, string> & {
  CHAOS_PLAN: string;
  CHAOS_DIR: string;
  CHAOS_BASE_URL: string;
  CHAOS_TOKEN: string;
  CHAOS_APP_ID: string;
  CHAOS_ADMIN_ID: string;
};
const plan = JSON.parse(readFileSync(env.CHAOS_PLAN, 'utf8')) as OutboxAction[];
const journal = new JsonFile<{ queued: boolean }>(`${env.CHAOS_DIR}/agent-journal.json`);
const api = new ApiClient({
  baseUrl: env.CHAOS_BASE_URL,
  token: env.CHAOS_TOKEN,
  appId: Number(env.CHAOS_APP_ID),
  transport: createUndiciTransport({ proxyFromEnv: false, timeoutMs: 3000 }),
});
const outbox = new Outbox({
  api,
  clock: systemClock,
  adminId: Number(env.CHAOS_ADMIN_ID),
  file: new JsonFile<OutboxItem[]>(`${env.CHAOS_DIR}/outbox.json`),
  baseDelayMs: 50,
  maxAttempts: 10_000,
  startPaused: true,
});

const key = (a: OutboxAction) => JSON.stringify(a);
await outbox.load();
if (!(await journal.read())?.queued) {
  // Nothing is sent before the whole plan is queued, so the outbox itself tells what is missing.
  const queued = new Set(outbox.list().map((item) => key(item.action)));
  for (const action of plan) if (!queued.has(key(action))) await outbox.enqueue(action);
  await journal.write({ queued: true });
}
console.log(`agent: ${outbox.list().length} waiting`);
outbox.resume();
const timer = setInterval(() => {
  if (outbox.list().length === 0) console.log('idle');
  else outbox.resume();
}, 250);
timer.unref();
setInterval(() => {}, 1 << 30);
