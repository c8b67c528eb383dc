/**
 * Loads Perch's built main process under plain Node's ES module loader, the loader Electron
 * runs it with, and prints what would fail at launch as JSON on its last line:
 *   - a module that does not load or link (a static import of a name its package does not
 *     export to ES modules: Node finds a CommonJS package's names with cjs-module-lexer,
 *     which cannot see every getter);
 *   - a name destructured from a package loaded at run time (`await import("x")` or a
 *     `require("x")`) that is not on what plain Node gives.
 * Usage: node link-check.mjs <out/main folder>. Run with ELECTRON_OVERRIDE_DIST_PATH set.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

register('./hooks.mjs', import.meta.url);

const folder = resolve(process.argv[2]);
const modules = readdirSync(folder, { recursive: true })
  .map(String)
  .filter((file) => /\.(m?js)$/.test(file))
  .map((file) => join(folder, file));

/**
 * `const { a, b: c } = await import("x")`, `(await import("x")).a`, and the same with a
 * `require` or `createRequire(import.meta.url)`.
 */
function runtimeNames(code) {
  const found = [];
  const loader = String.raw`(await\s+import|\b(?:createRequire\([^()]*\)|require[\w$]*))\s*\(\s*["']([^"']+)["']\s*\)`;
  for (const m of code.matchAll(new RegExp(String.raw`\{([^{}]*)\}\s*=\s*` + loader, 'g'))) {
    const names = m[1]
      .split(',')
      .map((part) => part.split(/[:=]/)[0].trim())
      .filter((name) => name && !name.startsWith('...'));
    found.push({ how: m[2].startsWith('await') ? 'import' : 'require', specifier: m[3], names });
  }
  for (const m of code.matchAll(new RegExp(String.raw`\(\s*` + loader + String.raw`\s*\)\s*\.\s*([\w$]+)`, 'g')))
    found.push({ how: m[1].startsWith('await') ? 'import' : 'require', specifier: m[2], names: [m[3]] });
  return found;
}

const failures = [];
const checked = { modules: [], runtime: [] };
for (const file of modules) {
  try {
    await import(pathToFileURL(file).href);
    checked.modules.push(file);
  } catch (error) {
    failures.push({ module: file, error: String(error?.message ?? error) });
  }
  const require = createRequire(file);
  for (const use of runtimeNames(readFileSync(file, 'utf8'))) {
    checked.runtime.push(use);
    let value;
    try {
      value = use.how === 'import' ? await import(use.specifier) : require(use.specifier);
    } catch (error) {
      failures.push({ module: file, specifier: use.specifier, error: String(error?.message ?? error) });
      continue;
    }
    for (const name of use.names)
      if (!(name in Object(value)))
        failures.push({
          module: file,
          specifier: use.specifier,
          error: `${use.how}("${use.specifier}") has no ${name}`,
        });
  }
}
// Perch's top level leaves nothing to wait for, but exit regardless once the report is out.
process.stdout.write(`${JSON.stringify({ checked, failures })}\n`, () => process.exit(0));
