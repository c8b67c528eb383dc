import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const BUNDLE = 'out/preload/index.cjs';

/**
 * A sandboxed preload can require only `electron`: everything else it uses (the channel
 * declarations and zod under them) must be bundled in. `npm test` builds before this suite.
 */
describe('the preload bundle', () => {
  it('requires nothing but electron', () => {
    expect(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build first`).toBe(true);
    const required = [...readFileSync(BUNDLE, 'utf8').matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });
});
