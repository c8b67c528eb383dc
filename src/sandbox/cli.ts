import { parseArgs } from 'node:util';
import { startSandbox } from './server';

/**
 * `npm run sandbox -- --port 0 --seed 7 --no-simulator [--no-realtime] [--data state.json] [--faults '{"errorRate":0.1}']
 * [--realtime-faults '{"dropRate":0.2}']`:
 * the first line printed is the JSON description.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '1' },
    conversations: { type: 'string', default: '100' },
    'no-simulator': { type: 'boolean', default: false },
    'no-realtime': { type: 'boolean', default: false },
    'simulator-interval': { type: 'string', default: '4000' },
    data: { type: 'string' },
    faults: { type: 'string' },
    'realtime-faults': { type: 'string' },
  },
  strict: true,
});

function intOption(name: string, raw: string | undefined, min: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`sandbox: --${name} must be an integer >= ${min}, got ${raw}`);
    process.exit(2);
  }
  return n;
}

function faultsOption(raw: string | undefined, name = 'faults'): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    console.error(`sandbox: --${name} must be JSON, e.g. '{"errorRate":0.2,"latencyMs":50}'`);
    process.exit(2);
  }
}

const sandbox = await startSandbox({
  port: intOption('port', values.port, 0),
  host: values.host,
  seed: intOption('seed', values.seed, 0),
  conversationsPerApp: intOption('conversations', values.conversations, 1),
  simulatorIntervalMs: values['no-simulator']
    ? false
    : intOption('simulator-interval', values['simulator-interval'], 100),
  dataFile: values.data,
  faults: faultsOption(values.faults),
  realtime: !values['no-realtime'],
  realtimeFaults: faultsOption(values['realtime-faults'], 'realtime-faults'),
}).catch((error: Error) => {
  console.error(`sandbox: ${error.message}`);
  process.exit(2);
});
console.log(JSON.stringify(sandbox.info));
if (sandbox.damaged)
  console.error(
    `sandbox: the saved state could not be read (${sandbox.damaged.reason}); started from fresh demo data, the damaged copy is ${sandbox.damaged.movedTo ?? 'where it was'}`,
  );
console.log(`sandbox: serving the Web API at ${sandbox.info.baseUrl} (Ctrl+C to stop)`);

const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
