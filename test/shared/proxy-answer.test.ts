import { describe, expect, it } from 'vitest';
import { readProxyAnswer } from '../../src/shared/proxy-answer';

describe("the system's proxy answer in words", () => {
  it('names the proxies in order, and whether Perch goes directly after them', () => {
    expect(readProxyAnswer('PROXY proxy.corp.example:8080')).toEqual({
      proxies: ['proxy.corp.example:8080'],
      thenDirect: false,
    });
    expect(readProxyAnswer('PROXY a.corp:3128; SOCKS5 b.corp:1080; DIRECT')).toEqual({
      proxies: ['a.corp:3128', 'b.corp:1080'],
      thenDirect: true,
    });
    expect(readProxyAnswer('DIRECT')).toEqual({ proxies: [], thenDirect: true });
    expect(readProxyAnswer(' ; ')).toEqual({ proxies: [], thenDirect: true });
    expect(readProxyAnswer('DIRECT; PROXY later.corp:1')).toEqual({ proxies: [], thenDirect: true });
  });
});
