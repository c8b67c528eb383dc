import { join } from 'node:path';
import { DEMO_ACCOUNT_ID } from '../../shared/accounts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/server';
import type { Connection, StartDemo } from '../core/ports';
import { createAccounts, type AccountsOptions } from '../core/compose';

export type { RunningSandbox };

export type DemoOptions = Pick<
  SandboxOptions,
  'seed' | 'simulatorIntervalMs' | 'conversationsPerApp' | 'faults' | 'realtime' | 'realtimePingMs'
> & {
  /** `false` keeps the demo in memory only (default: kept in the data folder across runs). */
  persist?: boolean;
  /** Called with each demo server started, for tests and hooks that script visitors. */
  onDemo?(sandbox: RunningSandbox): void;
};

/**
 * Starts the embedded demo server in this process, on a free port of 127.0.0.1. It is locked
 * down: it answers Perch only, never a web page that guesses its port (see src/sandbox/http/lockdown.ts).
 */
export async function startEmbeddedSandbox(
  options: Pick<
    SandboxOptions,
    'seed' | 'simulatorIntervalMs' | 'conversationsPerApp' | 'dataFile' | 'faults' | 'realtime' | 'realtimePingMs'
  > = {},
) {
  const sandbox = await startSandbox({ port: 0, ...options, lockedDown: true });
  const app = sandbox.info.apps[0]!;
  const connection: Connection = {
    id: DEMO_ACCOUNT_ID,
    mode: 'sandbox',
    baseUrl: sandbox.info.baseUrl,
    appId: app.id,
    adminId: app.adminId,
    token: app.token,
  };
  return { sandbox, connection };
}

/** The core's demo: the embedded sandbox, its state in `sandbox.json` of the demo's folder. */
export function embeddedDemo(options: DemoOptions = {}): StartDemo {
  const { persist = true, onDemo, ...sandboxOptions } = options;
  return async (dir) => {
    const demo = await startEmbeddedSandbox({
      ...sandboxOptions,
      ...(persist ? { dataFile: join(dir, 'sandbox.json') } : {}),
    });
    onDemo?.(demo.sandbox);
    return { connection: demo.connection, stop: demo.sandbox.close, damaged: demo.sandbox.damaged };
  };
}

/** Perch's accounts with the embedded sandbox as the demo: how the entry points and tests start them. */
export function createAccountsWithDemo(options: Omit<AccountsOptions, 'startDemo'> & { demo?: DemoOptions }) {
  const { demo, ...rest } = options;
  return createAccounts({ ...rest, startDemo: embeddedDemo(demo) });
}
