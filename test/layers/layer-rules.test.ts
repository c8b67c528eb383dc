import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/** The layer allow-list of `npm run lint`, run on a small tree where a core file reaches an adapter through another core file. */
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');

async function violationsIn(fixture: string) {
  const result = await cruise(['src'], {
    baseDir: resolve(fixture),
    validate: true,
    ruleSet: { allowed: config.allowed, allowedSeverity: config.allowedSeverity, forbidden: config.forbidden },
    doNotFollow: config.options.doNotFollow,
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe('the layer lint', () => {
  it('fails when a core file reaches an Electron adapter, directly or through another core file', async () => {
    const violations = await violationsIn('test/fixtures/layers');
    expect(violations).toContainEqual({
      rule: 'not-in-allowed',
      from: 'src/main/core/label.ts',
      to: 'src/main/electron/tray-title.ts',
    });
    expect(violations).toContainEqual({
      rule: 'core-reaches-no-runtime',
      from: 'src/main/core/inbox-count.ts',
      to: 'src/main/electron/tray-title.ts',
    });
    expect(violations.filter((v) => v.from.startsWith('src/shared/'))).toEqual([]);
  });

  it('fails when a core folder imports one after it in CORE_ORDER, or a folder the order does not declare', async () => {
    const violations = await violationsIn('test/fixtures/layers');
    expect(violations).toContainEqual({
      rule: 'core-sync-imports-no-later-folder',
      from: 'src/main/core/sync/poll.ts',
      to: 'src/main/core/accounts/holder.ts',
    });
    expect(violations).toContainEqual({
      rule: 'core-folder-declared-when-imported',
      from: 'src/main/core/sync/poll.ts',
      to: 'src/main/core/gadgets/gadget.ts',
    });
  });

  it('fails when ports.ts imports a core folder, even for a type', async () => {
    const violations = await violationsIn('test/fixtures/layers');
    expect(violations).toContainEqual({
      rule: 'core-ports-below-every-folder',
      from: 'src/main/core/ports.ts',
      to: 'src/main/core/accounts/holder.ts',
    });
  });

  // Cruising the whole tree takes tens of seconds on a busy machine: longer than the default wait.
  it('passes on Perch itself', { timeout: 90_000 }, async () => {
    expect(await violationsIn('.')).toEqual([]);
  });
});

describe('vitest outside the adapter tests', () => {
  it('has no Electron: a core module that reached it would fail its own tests', async () => {
    await expect(import('electron')).rejects.toThrow(/outside src\/main\/electron/);
  });
});
