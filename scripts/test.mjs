// `npm test`: every gate, in stages. The static checks and the build do not depend on one another,
// so they run at once (each is one process mostly on one core); the test suites need the build and
// run after it. The bad-input and chaos runs mostly wait (for servers, restarts, drains): they go
// beside the vitest suites; the end-to-end suite fills the machine alone. Each step's output is
// printed whole when it ends, with its time; the run fails if any step failed, after its stage.
import { spawn } from 'node:child_process';

/** Stages run in order; the steps of a stage run at once. */
const STAGES = [
  ['typecheck', 'lint', 'format:check', 'build'],
  ['test:unit', 'test:keychain', 'test:bad-input', 'test:chaos'],
  ['test:e2e'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`, its output kept until it ends (or passed through when it runs alone). */
function step(script, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '-s', script], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.once('exit', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      if (output.length) process.stdout.write(Buffer.concat(output));
      const ok = code === 0;
      console.log(`test: ${script} ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve({ script, ok, seconds });
    });
  });
}

const started = Date.now();
const times = [];
for (const stage of STAGES) {
  const results = await Promise.all(stage.map((script) => step(script, stage.length === 1)));
  times.push(...results.map((r) => `${r.script} ${r.seconds} s`));
  const failed = results.filter((r) => !r.ok).map((r) => r.script);
  if (failed.length) {
    console.error(`test: stopped, ${failed.join(', ')} failed`);
    process.exit(1);
  }
}
console.log(`test: every step passed in ${Math.round((Date.now() - started) / 1000)} s (${times.join(', ')})`);
