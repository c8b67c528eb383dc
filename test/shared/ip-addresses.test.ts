import { describe, expect, it } from 'vitest';
import { addressKind, isPublicAddress } from '../../src/shared/ip-addresses';

describe('the kind of an IP address', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['192.169.0.1', 'public'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['100::1', 'reserved'],
    ['2001:4860:4860::8888', 'public'],
    ['2a00:1450:4001:82b::200e', 'public'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:a9fe:a9fe]', 'link-local'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'private'],
    ['::10.0.0.1', 'private'],
    ['64:ff9b::10.1.2.3', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:0808:0808::1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('an IPv4 address inside IPv6, %s, is what it carries: %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each(['example.com', 'localhost', '', '1.2.3', '1.2.3.4.5', '256.1.1.1', '1:2:3', '1::2::3', ':::', '1.2.3.4::'])(
    '%j is no IP address',
    (text) => {
      expect(addressKind(text)).toBeNull();
      expect(isPublicAddress(text)).toBe(false);
    },
  );

  it('calls only public addresses public', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('10.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
  });
});
