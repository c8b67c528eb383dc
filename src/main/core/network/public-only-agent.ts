import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, buildConnector } from 'undici';
import { addressKind } from '../../../shared/ip-addresses';
import { trustedRoots } from './trusted-roots';

/** Every address a host name resolves to, as the system resolver gives them. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, order: 'verbatim' }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** A host that is, or resolves to, an address outside the public internet. */
export class PrivateAddressError extends Error {
  readonly code = 'PERCH_PRIVATE_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} is at ${address}, which is not a public address`);
  }
}

/** Whether an error, or any error it was caused by, is a PrivateAddressError. */
export function isPrivateAddressError(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof PrivateAddressError) return true;
  return false;
}

/** The refusal for a host written as an IP address that is not public, else null (names are resolved later). */
export function literalRefusal(hostname: string): PrivateAddressError | null {
  const kind = addressKind(hostname);
  return kind !== null && kind !== 'public' ? new PrivateAddressError(hostname, hostname) : null;
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` a connection uses: the name is resolved once, refused whole when any of its
 * addresses is not public, and the socket connects to the addresses just checked. Checking and
 * connecting share one answer, so a DNS server that answers "public" to a first question and
 * "192.168.1.1" to the next (DNS rebinding) gains nothing.
 */
export function publicOnlyLookup(resolve: ResolveAll) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => addressKind(a.address) !== 'public');
        if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          const none = Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
          return callback(none, []);
        }
        // Node asks for every address when it tries IPv4 and IPv6 side by side (autoSelectFamily).
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, []),
    );
  };
}

/**
 * An undici Agent whose connections reach only public addresses: a host written as an IP
 * address is checked before connecting, a host name in the connection's own lookup.
 */
export function publicOnlyAgent(resolve: ResolveAll = systemResolveAll): Agent {
  const roots = trustedRoots();
  const connect = buildConnector({ lookup: publicOnlyLookup(resolve), ...(roots ? { ca: roots } : {}) });
  return new Agent({
    // The system connects to a written address without any lookup: it is checked here.
    connect: (options, callback) => {
      const refusal = literalRefusal(options.hostname);
      if (refusal) callback(refusal, null);
      else connect(options, callback);
    },
  });
}
