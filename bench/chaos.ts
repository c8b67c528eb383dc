// npm run chaos [-- --quick]: a scripted agent sends a thousand replies, notes and tags through
// two accounts (both applications of the sandbox, each with its own token and outbox) while
// the sandbox's faults switch on and off and both processes are restarted at random: the
// sandbox (SIGTERM, state kept with --data) and Perch's core (SIGKILL, mid-send), whose disk
// refuses one write in ten.
// The last line is {"sent":…,"landed":…,"duplicated":…,"lost":…}; it fails unless both of
// the last two are zero.
import { parseJsonLosslessly } from '../src/shared/api/ids';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { PlannedAction } from './chaos-agent';
import type { SandboxInfo } from '../src/sandbox/server';
import { sleep } from './support';

const quick = process.argv.includes('--quick');
const ACTIONS = 1000;
const DEADLINE_MS = quick ? 100_000 : 300_000;
/** After the chaos the outboxes drain for as long as they go down; this long without a write landing is a stuck outbox. */
const STALLED_MS = 30_000;
/** However slow the machine, a drain that keeps trickling ends here: the run then counts what has not landed. */
const DRAIN_MAX_MS = 600_000;
const dir = await mkdtemp(join(tmpdir(), 'perch-chaos-'));
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address() as { port: number };
    probe.close(() => resolve(p));
  });
});

let info!: SandboxInfo;
let sandbox: ChildProcess | null = null;
let agent: ChildProcess | null = null;
let agentIdle = false;
/** When the agent last said its outboxes went lower than ever (or started), and that count. */
let progressAt = Date.now();
let lowest = Infinity;
const stats = { sandboxRestarts: 0, agentKills: 0, faultChanges: 0 };

function tsx(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.removeListener('exit', kill));
  return child;
}

async function startSandbox(): Promise<void> {
  sandbox = tsx('src/sandbox/cli.ts', [
    '--port',
    String(port),
    '--seed',
    '21',
    '--no-simulator',
    '--no-realtime',
    '--data',
    join(dir, 'sandbox.json'),
  ]);
  const lines = createInterface({ input: sandbox.stdout! });
  info = await new Promise<SandboxInfo>((resolve) =>
    lines.on('line', (line) => line.startsWith('{') && resolve(JSON.parse(line) as SandboxInfo)),
  );
}

async function stopSandbox(): Promise<void> {
  const child = sandbox!;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function startAgent(planFile: string): void {
  agentIdle = false;
  progressAt = Date.now();
  lowest = Infinity;
  const accounts = info.apps.slice(0, 2).map((app) => ({
    baseUrl: info.baseUrl,
    token: app.token,
    appId: app.id,
    adminId: app.adminId,
  }));
  agent = tsx('bench/chaos-agent.ts', [], {
    CHAOS_PLAN: planFile,
    CHAOS_DIR: dir,
    CHAOS_ACCOUNTS: JSON.stringify(accounts),
  });
  createInterface({ input: agent.stdout! }).on('line', (line) => {
    if (line === 'idle') agentIdle = true;
    else {
      const waiting = /^agent: (\d+) waiting$/.exec(line);
      if (waiting && Number(waiting[1]) < lowest) {
        lowest = Number(waiting[1]);
        progressAt = Date.now();
      }
    }
  });
}

async function killAgent(): Promise<void> {
  const child = agent!;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function setFaults(settings: Record<string, unknown>): Promise<void> {
  await fetch(`${info.baseUrl}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'x-sandbox-key': info.controlKey, 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  }).catch(() => {});
}

async function api(account: number, path: string): Promise<any> {
  const res = await fetch(`${info.baseUrl}${path}`, {
    headers: { authorization: `Token ${info.apps[account]!.token}` },
  });
  // 64-bit IDs: read without losing a digit.
  return (parseJsonLosslessly(await res.text()) as { data: unknown }).data;
}

// The plan: replies, notes and tags over ten open conversations of each application, each with a unique mark.
await startSandbox();
const conversationsOf = async (account: number) =>
  (
    (await api(
      account,
      `/apps/${info.apps[account]!.id}/conversations?include_not_assigned=true&closed=false&paginate_count=10`,
    )) as { id: string }[]
  ).map((c) => ({ account, id: c.id }));
const conversations = [...(await conversationsOf(0)), ...(await conversationsOf(1))];
const plan: PlannedAction[] = Array.from({ length: ACTIONS }, (_, i) => {
  const { account, id: conversationId } = conversations[i % conversations.length]!;
  if (i % 4 === 3) return { account, action: { kind: 'tag', conversationId, tag: `chaos-${i}`, op: 'add' } };
  return { account, action: { kind: 'reply', conversationId, body: `chaos #${i}`, note: i % 4 === 2 } };
});
const planFile = join(dir, 'plan.json');
await writeFile(planFile, JSON.stringify(plan));
startAgent(planFile);

const started = Date.now();
let lastFaults = { errorRate: 0, dropRate: 0, commitThenDropRate: 0 };
while (Date.now() - started < DEADLINE_MS) {
  await sleep(quick ? 700 + Math.random() * 800 : 1000 + Math.random() * 1500);
  const elapsed = Date.now() - started;
  const calmDown = elapsed > DEADLINE_MS * 0.6; // the last stretch lets everything drain
  if (agentIdle && calmDown) break;
  const roll = Math.random();
  if (!calmDown && roll < 0.2) {
    await killAgent();
    stats.agentKills += 1;
    startAgent(planFile);
  } else if (!calmDown && roll < 0.35) {
    await stopSandbox();
    stats.sandboxRestarts += 1;
    await startSandbox();
    await setFaults({ ...lastFaults, retryAfterSeconds: 0 });
  } else {
    lastFaults =
      calmDown || Math.random() < 0.4
        ? { errorRate: 0, dropRate: 0, commitThenDropRate: 0 }
        : { errorRate: Math.random() * 0.3, dropRate: Math.random() * 0.1, commitThenDropRate: Math.random() * 0.3 };
    await setFaults({ ...lastFaults, retryAfterSeconds: 0, latencyMs: Math.round(Math.random() * 20) });
    stats.faultChanges += 1;
  }
  if (calmDown) await setFaults({ errorRate: 0, dropRate: 0, commitThenDropRate: 0, latencyMs: 0 });
}
await setFaults({ errorRate: 0, dropRate: 0, commitThenDropRate: 0, latencyMs: 0 });
// However slowly a busy machine lets the writes land, they must all land: the run waits while
// the outboxes go down and stops when they have not gone lower for STALLED_MS (or at DRAIN_MAX_MS).
const drainStarted = Date.now();
while (!agentIdle && Date.now() - progressAt < STALLED_MS && Date.now() - drainStarted < DRAIN_MAX_MS) await sleep(200);
const drained = Date.now();

// Audit what the server holds, mark by mark, each application through its own token.
const bodies = new Map<string, number>();
const tags = new Set<string>();
for (const { account, id } of conversations) {
  const conversation = (await api(account, `/conversations/${id}`)) as { tags: string[] };
  for (const t of conversation.tags) tags.add(t);
  let position: (number | string)[] | null = null;
  for (;;) {
    const query = `paginate_count=50${position ? `&paginate_position=${encodeURIComponent(JSON.stringify(position))}` : ''}`;
    const res = await fetch(`${info.baseUrl}/conversations/${id}/parts?${query}`, {
      headers: { authorization: `Token ${info.apps[account]!.token}` },
    });
    const page = parseJsonLosslessly(await res.text()) as {
      data: { body: string }[];
      meta: { next_before_position: (number | string)[] | null };
    };
    for (const p of page.data) if (p.body.startsWith('chaos #')) bodies.set(p.body, (bodies.get(p.body) ?? 0) + 1);
    position = page.meta.next_before_position;
    if (!position) break;
  }
}
let landed = 0;
let duplicated = 0;
let lost = 0;
for (const { action } of plan) {
  const count =
    action.kind === 'tag'
      ? tags.has(action.tag)
        ? 1
        : 0
      : action.kind === 'reply'
        ? (bodies.get(action.body) ?? 0)
        : 0;
  if (count === 0) lost += 1;
  else landed += 1;
  if (count > 1) duplicated += 1;
}
await killAgent();
await stopSandbox();

console.log(
  `\nChaos run (${quick ? 'quick' : 'full'}) in ${Math.round((Date.now() - started) / 1000)} s (the outboxes ${agentIdle ? 'empty' : 'not empty'} at ${Math.round((drained - started) / 1000)} s): ${stats.agentKills} core kills (SIGKILL), ${stats.sandboxRestarts} sandbox restarts, ${stats.faultChanges} fault changes`,
);
console.log('| sent | landed | duplicated | lost |\n|---|---|---|---|');
console.log(`| ${plan.length} | ${landed} | ${duplicated} | ${lost} |`);
console.log(JSON.stringify({ sent: plan.length, landed, duplicated, lost, accounts: 2 }));
process.exit(duplicated === 0 && lost === 0 ? 0 : 1);
