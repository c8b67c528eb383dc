// The scripted agent of `npm run chaos`: Perch's real outbox in its own process, which the
// harness kills (SIGKILL) at random, for two accounts (applications) at once, each with its
// own token and outbox. Each start queues whatever part of the plan is missing, then sends. It prints "idle" when everything it queued has landed.
// Its disk refuses one write in ten (as a full disk does): a reply refused is queued again,
// and must still land exactly once.
import { readFileSync } from 'node:fs';
import { ApiClient } from '../src/main/core/api/client';
import { createUndiciTransport } from '../src/main/core/api/transport';
import { systemClock } from '../src/main/core/runtime/clock';
import { Outbox } from '../src/main/core/outbox/outbox';
import type { OutboxAction, OutboxItem } from '../src/main/core/outbox/types';
import { JsonFile, NotSavedError } from '../src/main/core/storage/json-file';

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`chaos agent: ${name} is not set`);
  return value;
}

/** One step of the plan: an action through one of the accounts. */
export interface PlannedAction {
  account: number;
  action: OutboxAction;
}
interface ChaosAccount {
  baseUrl: string;
  token: string;
  appId: string;
  adminId: string;
}

const plan = JSON.parse(readFileSync(need('CHAOS_PLAN'), 'utf8')) as PlannedAction[];
const dir = need('CHAOS_DIR');
const accounts = JSON.parse(need('CHAOS_ACCOUNTS')) as ChaosAccount[];
const journal = new JsonFile<{ queued: boolean }>(`${dir}/agent-journal.json`);

/** An outbox file on a disk that refuses some writes, as a full one does. */
class FlakyDiskFile extends JsonFile<OutboxItem[]> {
  override async write(value: OutboxItem[]): Promise<void> {
    if (Math.random() < 0.1) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    return super.write(value);
  }
}
const transport = createUndiciTransport({ proxyFromEnv: false, timeoutMs: 3000 });
// Each account has its own outbox, file and token, as each workspace of Perch does.
const outboxes = accounts.map(
  (account, i) =>
    new Outbox({
      api: new ApiClient({ baseUrl: account.baseUrl, token: account.token, appId: account.appId, transport }),
      clock: systemClock,
      adminId: account.adminId,
      file: new FlakyDiskFile(`${dir}/account-${i}/outbox.json`),
      baseDelayMs: 50,
      maxAttempts: 10_000,
      startPaused: true,
    }),
);

const key = (a: OutboxAction) => JSON.stringify(a);
for (const outbox of outboxes) await outbox.load();
if (!(await journal.read())?.queued) {
  // Nothing is sent before the whole plan is queued, so the outboxes themselves tell what is missing.
  const queued = outboxes.map((outbox) => new Set(outbox.list().map((item) => key(item.action))));
  for (const { account, action } of plan) {
    if (queued[account]!.has(key(action))) continue;
    // A reply the disk refused was never queued: the agent sends it again.
    for (;;) {
      const saved = await outboxes[account]!.enqueue(action).then(
        () => true,
        (error: unknown) => {
          if (error instanceof NotSavedError) return false;
          throw error;
        },
      );
      if (saved) break;
    }
  }
  await journal.write({ queued: true });
}
const waiting = () => outboxes.reduce((sum, outbox) => sum + outbox.list().length, 0);
console.log(`agent: ${waiting()} waiting`);
for (const outbox of outboxes) outbox.resume();
// The run watches the count go down: a busy machine drains slowly, a stuck outbox not at all.
let said = waiting();
const timer = setInterval(() => {
  const now = waiting();
  if (now !== said) console.log(`agent: ${(said = now)} waiting`);
  if (now === 0) console.log('idle');
  else for (const outbox of outboxes) outbox.resume();
}, 250);
timer.unref();
setInterval(() => {}, 1 << 30);
