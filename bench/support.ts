import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus as cpus_, loadavg, totalmem } from 'node:os';
import { createInterface } from 'node:readline';
import type { SandboxInfo } from '../src/sandbox/server';

/** A sandbox in its own process, so the benchmark's memory figures are Perch's alone. */
export async function spawnSandbox(
  args: string[],
): Promise<{ info: SandboxInfo; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--no-simulator', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // However the benchmark ends, its sandbox ends with it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<SandboxInfo>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as SandboxInfo);
    });
  });
  return {
    info,
    child,
    stop: () =>
      new Promise((resolve) => {
        process.removeListener('exit', kill);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function visitorMessage(
  info: SandboxInfo,
  body: { conversationId?: string; appId?: string; body?: string },
): Promise<{ conversationId: string; partId: string }> {
  const res = await fetch(`${info.baseUrl}/_sandbox/visitor-message`, {
    method: 'POST',
    headers: { 'x-sandbox-key': info.controlKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { conversationId: string; partId: string };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const perchVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

/** What the figures were measured on, printed with them: machine, versions and its load (1, 5, 15 min) now. */
export function machine() {
  const cpus = cpus_();
  return {
    perch: perchVersion,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu: (cpus[0]?.model ?? 'unknown').trim(),
    cores: cpus.length,
    memoryGb: round(totalmem() / 2 ** 30),
    load: loadavg().map((l) => round(l)),
  };
}

/** CPU seconds of this process and RSS in MB, before and after `run`. */
export async function costOf<T>(
  run: () => Promise<T>,
): Promise<{ result: T; cpu: number; rssMb: number; peakRssMb: number }> {
  const cpu = process.cpuUsage();
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);
  const result = await run();
  clearInterval(sampler);
  const used = process.cpuUsage(cpu);
  return {
    result,
    cpu: (used.user + used.system) / 1e6,
    rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
    peakRssMb: Math.round(Math.max(peak, process.memoryUsage.rss()) / 2 ** 20),
  };
}
