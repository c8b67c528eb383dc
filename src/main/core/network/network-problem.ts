/**
 * What a failed connection says about the network in between, in terms IT can act on: a
 * certificate this computer does not trust (a TLS-inspecting gateway whose root is not
 * installed), one that has expired (or a wrong clock), one for another host, or a proxy that
 * refused or wants a password. Reads Node's and undici's codes and Chromium's `net::ERR_*`.
 */
export type NetworkProblem = 'tls-untrusted' | 'tls-expired' | 'tls-wrong-host' | 'proxy';

const BY_CODE: Record<string, NetworkProblem> = {
  // Node (OpenSSL's verify results).
  SELF_SIGNED_CERT_IN_CHAIN: 'tls-untrusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'tls-untrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'tls-untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'tls-untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'tls-untrusted',
  CERT_UNTRUSTED: 'tls-untrusted',
  CERT_REJECTED: 'tls-untrusted',
  CERT_SIGNATURE_FAILURE: 'tls-untrusted',
  CERT_REVOKED: 'tls-untrusted',
  CERT_HAS_EXPIRED: 'tls-expired',
  CERT_NOT_YET_VALID: 'tls-expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'tls-wrong-host',
  // Chromium, through Electron's net module.
  ERR_CERT_AUTHORITY_INVALID: 'tls-untrusted',
  ERR_CERT_INVALID: 'tls-untrusted',
  ERR_CERT_REVOKED: 'tls-untrusted',
  ERR_CERT_WEAK_SIGNATURE_ALGORITHM: 'tls-untrusted',
  ERR_CERT_SYMANTEC_LEGACY: 'tls-untrusted',
  ERR_CERT_DATE_INVALID: 'tls-expired',
  ERR_CERT_VALIDITY_TOO_LONG: 'tls-expired',
  ERR_CERT_COMMON_NAME_INVALID: 'tls-wrong-host',
  ERR_CERT_NAME_CONSTRAINT_VIOLATION: 'tls-wrong-host',
  ERR_PROXY_CONNECTION_FAILED: 'proxy',
  ERR_TUNNEL_CONNECTION_FAILED: 'proxy',
  ERR_PROXY_AUTH_UNSUPPORTED: 'proxy',
  ERR_PROXY_AUTH_REQUESTED: 'proxy',
  ERR_PROXY_CERTIFICATE_INVALID: 'proxy',
  ERR_MANDATORY_PROXY_CONFIGURATION_FAILED: 'proxy',
  ERR_NO_SUPPORTED_PROXIES: 'proxy',
};

/** The problem named anywhere in an error and its causes, or null when it is not one of these. */
export function networkProblemOf(error: unknown): NetworkProblem | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; details?: { cause?: unknown } };
    if (typeof e.code === 'string' && BY_CODE[e.code]) return BY_CODE[e.code] ?? null;
    if (typeof e.message === 'string') {
      const chromium = /net::(ERR_[A-Z_]+)/.exec(e.message)?.[1];
      if (chromium && BY_CODE[chromium]) return BY_CODE[chromium] ?? null;
      // undici's ProxyAgent: "Proxy response (407) !== 200 when HTTP Tunneling".
      if (/^Proxy response \(\d+\)/.test(e.message)) return 'proxy';
    }
    current = e.cause ?? e.details?.cause;
  }
  return null;
}
