import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tests build what they run on from one ladder in test/support, each rung on the one below:
 * sandbox() → apiOn → workspaceOn → accountsOn → perchOnDouble → the e2e fixture. Outside the
 * ladder's own files no test builds a workspace, Perch's accounts or Perch itself by hand, and no
 * end-to-end spec writes as a visitor or colleague through a raw fetch: a change to how Perch is
 * built is then made once, in the rung, and every test keeps running Perch as the app does.
 */
interface Rule {
  pattern: RegExp;
  what: string;
  rung: string;
  /** Folders where the call is the subject under test itself. */
  allowedIn?: string[];
  /** Only files under these folders are checked. */
  onlyIn?: string[];
}

const RULES: Rule[] = [
  {
    pattern: /\bcreateWorkspace\s*\(/,
    what: 'builds a workspace by hand (createWorkspace)',
    rung: 'workspaceOn(sbx, options) from test/support/workspace-on.ts',
  },
  {
    pattern: /\bnew Workspace\s*\(/,
    what: 'builds a workspace by hand (new Workspace)',
    rung: 'workspaceOn(sbx, options) from test/support/workspace-on.ts',
  },
  {
    pattern: /\bcreateAccounts(WithDemo)?\s*\(/,
    what: "builds Perch's accounts by hand (createAccounts)",
    rung: 'accountsOn(options) from test/support/accounts.ts',
  },
  {
    pattern: /\bstartPerch\s*\(/,
    what: 'starts Perch on the Electron double by hand (startPerch)',
    rung: 'perchOnDouble(options) and quitPerchOnDouble() from test/support/perch-on-double.ts',
  },
  {
    pattern: /\bstartBrowserHost\s*\(/,
    what: 'starts Perch in the browser host by hand (startBrowserHost)',
    rung: 'the `perch` fixture of test/e2e/support/harness.ts (two accounts: test/e2e/support/two-accounts.ts)',
    // The browser host's own tests start it: it is what they test.
    allowedIn: ['test/browser-host/'],
  },
  {
    pattern: /\bfetch\s*\(\s*`\$\{[^`]*\}\/(conversations|users)\//,
    what: 'writes to the platform through a raw fetch',
    rung: 'visitor.writes / visitor.types / colleague.assigns / colleague.replies from test/e2e/support/people.ts',
    onlyIn: ['test/e2e/'],
  },
];

/** The ladder's own files, where Perch is built once for every test. */
const LADDER = ['test/support/', 'test/e2e/support/', 'test/fixtures/'];
const THIS_FILE = 'test/layers/test-ladder.test.ts';

/** Every way a test file builds by hand what a rung builds, as sentences naming the rung to use. */
export function handBuilt(path: string, text: string): string[] {
  if (path === THIS_FILE || LADDER.some((folder) => path.startsWith(folder))) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return RULES.filter(
    (rule) =>
      rule.pattern.test(code) &&
      !rule.allowedIn?.some((folder) => path.startsWith(folder)) &&
      (!rule.onlyIn || rule.onlyIn.some((folder) => path.startsWith(folder))),
  ).map((rule) => `${path} ${rule.what}: use ${rule.rung}`);
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative('.', path).split(sep).join('/')] : [];
  });
}

describe('the test ladder', () => {
  it('no test outside test/support builds a workspace, accounts or Perch by hand, nor writes through a raw fetch', () => {
    const found = testFiles('test').flatMap((path) => handBuilt(path, readFileSync(path, 'utf8')));
    expect(found, 'tests that build by hand what a rung of test/support builds').toEqual([]);
  });

  it('names the rung to use for each way of building by hand, and leaves the ladder itself alone', () => {
    expect(handBuilt('test/core/sync/x.test.ts', 'const opened = createWorkspace(connection, options);')).toEqual([
      'test/core/sync/x.test.ts builds a workspace by hand (createWorkspace): use workspaceOn(sbx, options) from test/support/workspace-on.ts',
    ]);
    expect(handBuilt('test/core/x.test.ts', 'new Workspace(api, options)')[0]).toContain('workspaceOn');
    expect(handBuilt('test/integration/x.test.ts', 'await createAccountsWithDemo({ dataDir })')[0]).toContain(
      'accountsOn',
    );
    expect(handBuilt('test/electron/x.test.ts', 'perch = await startPerch({ devTools: false })')[0]).toContain(
      'perchOnDouble',
    );
    expect(handBuilt('test/e2e/x.spec.ts', 'await startBrowserHost({ contract })')[0]).toContain('harness.ts');
    expect(
      handBuilt('test/e2e/x.spec.ts', 'await fetch(`${perch.sandbox.info.baseUrl}/conversations/${c.id}/reply`, {')[0],
    ).toContain('visitor.writes');
    // The rungs themselves, the browser host's own tests, and mentions in comments pass.
    expect(handBuilt('test/support/workspace-on.ts', 'createWorkspace(connection, options)')).toEqual([]);
    expect(handBuilt('test/browser-host/x.test.ts', 'await startBrowserHost({ contract })')).toEqual([]);
    expect(handBuilt('test/core/x.test.ts', '// built as createWorkspace( does\n/* new Workspace( */')).toEqual([]);
  });
});
