import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/api/errors';
import type { HttpRequest, HttpTransport } from '../../../src/main/core/ports';
import { checkConnection, sendsTokenSafely } from '../../../src/main/core/accounts/connection-check';
import { en, ru } from '../../../src/shared/i18n/catalog';

/** Records what would go on the wire and answers nothing: enough to see whether a token left. */
class Recording implements HttpTransport {
  readonly sent: HttpRequest[] = [];
  async send(request: HttpRequest): Promise<never> {
    this.sent.push(request);
    throw new ApiError('network', 'not in this test');
  }
  async close() {}
}

const form = (baseUrl: string) => ({ baseUrl, appId: '101', adminId: '1', token: 'secret-token' });

describe('the API address', () => {
  it('must be https unless it is this computer, refused before anything is sent', async () => {
    for (const address of [
      'http://example.com',
      'http://10.0.0.1:8080',
      'http://[::2]/',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://0.0.0.0:9000',
    ]) {
      const transport = new Recording();
      expect(await checkConnection(form(address), transport), address).toMatchObject({
        ok: false,
        failure: 'insecure-url',
        detail: expect.stringContaining('https://'),
      });
      expect(transport.sent, address).toEqual([]);
    }
  });

  it('may be plain http on the loopback: 127.0.0.0/8, ::1, localhost', async () => {
    for (const address of [
      'http://127.0.0.1:4000',
      'http://127.9.8.7',
      'http://[::1]:4000',
      'http://localhost:4000',
      'http://LOCALHOST',
      'https://api.example.com',
    ]) {
      expect(sendsTokenSafely(address), address).toBe(true);
      const transport = new Recording();
      expect(await checkConnection(form(address), transport), address).toMatchObject({
        ok: false,
        failure: 'unreachable',
      });
      expect(transport.sent.length, address).toBe(1);
    }
  });

  it('is explained in English and Russian', () => {
    expect(en['connect.failure.insecure-url']).toMatch(/https:\/\//);
    expect(ru['connect.failure.insecure-url']).toMatch(/https:\/\//);
    expect(ru['connect.failure.insecure-url']).not.toBe(en['connect.failure.insecure-url']);
  });
});
