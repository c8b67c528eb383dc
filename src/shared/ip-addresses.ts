/**
 * What kind of network an IP address belongs to, from its text alone: whether an address is
 * on the public internet, or inside this computer, its link or a private network. Used so that
 * an account on a server elsewhere cannot make Perch read from the agent's own network.
 */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'unique-local'
  | 'multicast'
  | 'reserved';

/** The four bytes of a dotted IPv4 address (exactly four decimal parts), or null. */
function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` compression, a dotted tail), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4Bytes(piece);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  // A dotted part is only allowed at the very end.
  if (halves.length === 2 && halves[0]!.includes('.')) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

function kindOfIpv4([a, b, c]: number[]): AddressKind {
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  // 100.64.0.0/10: carrier-grade NAT, shared by a provider's customers.
  if (a === 100 && b! >= 64 && b! <= 127) return 'shared';
  if (a! >= 224 && a! <= 239) return 'multicast';
  // 192.0.0.0/24 (protocol assignments), 198.18.0.0/15 (benchmarking), 240.0.0.0/4 and broadcast.
  if ((a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19)) || a! >= 240) return 'reserved';
  return 'public';
}

function kindOfIpv6(g: number[]): AddressKind {
  const v4 = (hi: number, lo: number) => kindOfIpv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // An IPv4 address in IPv6 clothing is what it carries: mapped (::ffff:a.b.c.d), the old
  // compatible form (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
  if (zeroUpTo(5) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (zeroUpTo(6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  const first = g[0]!;
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xfe00) === 0xfc00) return 'unique-local';
  // fec0::/10, the site-local addresses IPv6 gave up, still mean "this site".
  if ((first & 0xffc0) === 0xfec0) return 'private';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  // Only 2000::/3 is handed out on the internet; 100::/64 (discard) and the rest are not.
  if ((first & 0xe000) !== 0x2000) return 'reserved';
  return 'public';
}

/**
 * The kind of an IP address written as text (`10.0.0.1`, `::ffff:127.0.0.1`, `[fe80::1%eth0]`),
 * or null when the text is no IP address (a host name).
 */
export function addressKind(text: string): AddressKind | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const v4 = ipv4Bytes(bare);
  if (v4) return kindOfIpv4(v4);
  const v6 = bare.includes(':') ? ipv6Groups(bare) : null;
  return v6 ? kindOfIpv6(v6) : null;
}

/** Whether the text is an IP address on the public internet (a host name is not). */
export function isPublicAddress(text: string): boolean {
  return addressKind(text) === 'public';
}
