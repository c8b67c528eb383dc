import * as tls from 'node:tls';

/** Node's reader of certificate stores (22.15 and later; Electron's Node has it, Node 20 not). */
export type ReadCertificates = (store: 'default' | 'system') => string[];

const nodeReader = (tls as { getCACertificates?: ReadCertificates }).getCACertificates;
let cached: string[] | null | undefined;

/**
 * The roots a TLS connection Perch makes from Node trusts: Node's bundled ones and the
 * operating system's, where this Node can read them, so a TLS-inspecting gateway whose root IT
 * installed in the OS is trusted by the realtime WebSocket and the image reads as it is by
 * Chromium. Null: Node's own default (it cannot read the system's). Read once: the system's
 * store is slow to read on some systems.
 */
export function trustedRoots(read: ReadCertificates | undefined = nodeReader): string[] | null {
  if (read !== nodeReader) return rootsFrom(read);
  if (cached === undefined) cached = rootsFrom(read);
  return cached;
}

function rootsFrom(read: ReadCertificates | undefined): string[] | null {
  if (!read) return null;
  try {
    const system = read('system');
    return system.length > 0 ? [...read('default'), ...system] : null;
  } catch {
    return null;
  }
}
