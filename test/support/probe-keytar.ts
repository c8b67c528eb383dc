// Run in a child process with a chosen environment: prints what the keytar probe decided.
import { keytarCandidate } from '../../src/main/electron/credentials/keytar-store';

const reasons: string[] = [];
const store = await keytarCandidate({ timeoutMs: 5000, onUnavailable: (r) => reasons.push(r) }).probe();
console.log(JSON.stringify({ kind: store?.kind ?? null, reasons }));
