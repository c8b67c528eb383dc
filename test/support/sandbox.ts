import { ApiClient } from '../../src/main/core/api/client';
import { parseJsonLosslessly } from '../../src/shared/api/ids';
import { createUndiciTransport } from '../../src/main/core/api/transport';
import type { Connection, HttpRequest, HttpTransport } from '../../src/main/core/ports';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/server';

/**
 * The first rung of the ladder (sandbox → apiOn → workspaceOn → accountsOn → perchOnDouble → the
 * e2e fixture): a sandbox on 127.0.0.1 with a random port and no simulator: tests drive visitors themselves.
 * Its Realtime Services are off unless a test asks for them, so most tests prove the polling
 * safety net alone; on, they ping every 200 ms (the platform's 10 s would hold each test's
 * realtime that long before it counts as live).
 */
export async function sandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    seed: 7,
    simulatorIntervalMs: false,
    realtime: false,
    realtimePingMs: 200,
    ...options,
  });
}

/** A transport that records every request it sends, to count what the sync costs. */
export class CountingTransport implements HttpTransport {
  readonly requests: HttpRequest[] = [];
  bytes = 0;
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });

  async send(request: HttpRequest) {
    this.requests.push(request);
    const response = await this.inner.send(request);
    this.bytes += Buffer.byteLength(response.body);
    return response;
  }

  close() {
    return this.inner.close();
  }
}

/**
 * The second rung: one application of the sandbox as Perch's API client sees it (the first
 * application unless told), over a real transport.
 */
export function apiOn(
  running: RunningSandbox,
  appIndex = 0,
  transport: HttpTransport = createUndiciTransport({ proxyFromEnv: false }),
): ApiClient {
  const app = running.info.apps[appIndex]!;
  return new ApiClient({ baseUrl: running.info.baseUrl, token: app.token, appId: app.id, transport });
}

/**
 * The account connection of one application of the sandbox, as an agent enters it: what a
 * workspace is built from. `baseUrl` points it elsewhere (a proxy or a hostile server in front).
 */
export function connectionOn(
  running: RunningSandbox,
  options: { app?: number; id?: string; mode?: Connection['mode']; baseUrl?: string } = {},
): Connection {
  const app = running.info.apps[options.app ?? 0]!;
  return {
    id: options.id ?? 'account-00000000000000b2',
    mode: options.mode ?? 'account',
    baseUrl: options.baseUrl ?? running.info.baseUrl,
    appId: app.id,
    adminId: app.adminId,
    token: app.token,
  };
}

/** Plain fetch against the sandbox, for checking the wire format itself. */
export async function raw(
  running: RunningSandbox,
  path: string,
  init: {
    method?: string;
    token?: string | null;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  const token = init.token === undefined ? running.info.apps[0]!.token : init.token;
  if (token) headers.authorization = `Token ${token}`;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(`${running.info.baseUrl}${path}`, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers,
    body,
  });
  // 64-bit IDs come as JSON numbers (unless id_as_string): read without losing a digit.
  const json = parseJsonLosslessly(await res.text()) as { data: any; meta: any };
  return { status: res.status, ...json };
}
