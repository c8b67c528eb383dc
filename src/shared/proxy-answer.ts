/** A proxy answer as the agent reads it: the proxies' addresses, in order, and whether Perch goes direct after them. */
export interface ProxyRoute {
  proxies: string[];
  thenDirect: boolean;
}

/**
 * Reads the answer the system gives for an address, in PAC syntax ("PROXY host:port; SOCKS5
 * host:port; DIRECT"): the addresses of its proxies, and whether a direct connection follows.
 * An answer naming no proxy is DIRECT.
 */
export function readProxyAnswer(answer: string): ProxyRoute {
  const proxies: string[] = [];
  let thenDirect = false;
  for (const entry of answer.split(';')) {
    const [kind, address] = entry.trim().split(/\s+/);
    if (!kind) continue;
    if (kind.toUpperCase() === 'DIRECT') {
      thenDirect = true;
      break;
    }
    if (address) proxies.push(address);
  }
  return { proxies, thenDirect: thenDirect || proxies.length === 0 };
}
