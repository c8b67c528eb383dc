import { readFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import { checkConnection } from '../../../src/main/core/accounts/connection-check';
import { networkProblemOf } from '../../../src/main/core/network/network-problem';
import { translate } from '../../../src/shared/i18n';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/tls', name), 'utf8');
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An https server on 127.0.0.1 presenting the fixture certificate `cert`. */
async function httpsServer(cert: string): Promise<string> {
  const server = createServer({ key: fixture('server.key'), cert: fixture(cert) }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"meta":{}}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The error Node gives for the server's certificate when `ca` is the only root trusted. */
function errorTrusting(url: string, ca: string): Promise<unknown> {
  return new Promise((resolve) => {
    const request = get(url, { ca }, (res) => {
      res.resume();
      resolve(null);
    });
    request.on('error', resolve);
  });
}

describe('TLS problems, said so IT can act', () => {
  it('a self-signed certificate (a gateway whose root is not installed) fails the connection check as untrusted', async () => {
    const url = await httpsServer('self-signed.pem');
    const transport = createUndiciTransport({ proxyFromEnv: false });
    try {
      const check = await checkConnection(
        { baseUrl: url, appId: '101', adminId: '1', token: 'secret-token' },
        transport,
      );
      expect(check).toMatchObject({ ok: false, failure: 'tls-untrusted' });
    } finally {
      await transport.close();
    }
    expect(translate('en', 'connect.failure.tls-untrusted')).toMatch(
      /not trusted.*IT can install its root certificate/,
    );
    expect(translate('ru', 'connect.failure.tls-untrusted')).toMatch(/не доверяет.*ИТ/);
  });

  it('an expired certificate and one for another host are told apart', async () => {
    const ca = fixture('ca.pem');
    expect(networkProblemOf(await errorTrusting(await httpsServer('expired.pem'), ca))).toBe('tls-expired');
    expect(networkProblemOf(await errorTrusting(await httpsServer('other-host.pem'), ca))).toBe('tls-wrong-host');
    // Trusted and valid for 127.0.0.1: no problem at all (the fixtures are what they say).
    expect(await errorTrusting(await httpsServer('self-signed.pem'), fixture('self-signed.pem'))).toBeNull();
  });

  it("reads Chromium's net errors and a proxy's refusal the same way", () => {
    expect(networkProblemOf(new Error('net::ERR_CERT_AUTHORITY_INVALID'))).toBe('tls-untrusted');
    expect(networkProblemOf(new Error('net::ERR_CERT_DATE_INVALID'))).toBe('tls-expired');
    expect(networkProblemOf(new Error('net::ERR_CERT_COMMON_NAME_INVALID'))).toBe('tls-wrong-host');
    expect(networkProblemOf(new Error('failed', { cause: new Error('net::ERR_TUNNEL_CONNECTION_FAILED') }))).toBe(
      'proxy',
    );
    expect(networkProblemOf(new Error('Proxy response (407) !== 200 when HTTP Tunneling'))).toBe('proxy');
    expect(networkProblemOf(new Error('connect ECONNREFUSED 127.0.0.1:1'))).toBeNull();
  });
});
