import { spawnSync } from 'node:child_process';
import { cpuSeconds, loggerWithoutReader } from '../../support/output-reader-gone';
import { describe, expect, it } from 'vitest';

// Run in a child process: the point is whether the process survives, which vitest's own handlers would hide.
function run(withLastResort: boolean) {
  const script = `
    ${withLastResort ? "const { logInsteadOfExiting } = await import('./src/main/core/log/last-resort.ts'); logInsteadOfExiting();" : ''}
    setTimeout(() => { throw new Error('thrown from a timer'); }, 0);
    setTimeout(() => void Promise.reject(new Error('rejected and forgotten')), 5);
    setTimeout(() => console.log('still running'), 50);
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: process.cwd(),
  });
}

describe('the last resort', () => {
  it('logs an uncaught exception and an unhandled rejection and keeps the process running', () => {
    const result = run(true);
    expect(result.stdout).toContain('still running');
    expect(result.stderr).toContain('perch: uncaught exception');
    expect(result.stderr).toContain('thrown from a timer');
    expect(result.stderr).toContain('rejected and forgotten');
    expect(result.status).toBe(0);
  });

  it('is what keeps it running: without it the same errors end the process', () => {
    const result = run(false);
    expect(result.stdout).not.toContain('still running');
    expect(result.status).not.toBe(0);
  });
});

describe('a process whose output reader has gone', () => {
  it('stays idle and keeps answering when the pipes of stdout and stderr are closed', async () => {
    // It logs a line every 20 ms and answers HTTP; then whoever read its output goes away.
    const { child, port } = await loggerWithoutReader();
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = cpuSeconds(child.pid!);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const used = cpuSeconds(child.pid!) - before;
      // Spinning on EPIPE took a whole core (2 s of CPU in 2 s); logging every 20 ms costs little.
      expect(used).toBeLessThan(0.8);
      expect(child.exitCode).toBeNull();
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('alive');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
