import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU seconds a process has used, from /proc (Linux, as CI). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * A process with Perch's last resort that logs a line every 20 ms and answers HTTP; once it
 * listens, whoever read its output goes away. Resolves with the child and its port.
 */
export async function loggerWithoutReader() {
  const script = `
    const { logInsteadOfExiting } = await import('./src/main/core/log/last-resort.ts');
    logInsteadOfExiting();
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => res.end('alive'));
    server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
    setInterval(() => { console.log('a log line'); console.error('an error line'); }, 20);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (p) => resolve(Number(p))));
  child.stdout!.destroy();
  child.stderr!.destroy();
  return { child, port };
}
