import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { keepScreen } from './screens';

/**
 * axe-core, loaded into the page once and kept there: the page is audited many times, and
 * @axe-core/playwright would inject it afresh and open a blank page to gather each result.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page as axe-core's script leaves it (the core's tsconfig knows no DOM). */
interface AxePage {
  axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> };
  document: unknown;
}

async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  // Perch draws no frames; one would go unaudited here, so the audit refuses it.
  expect(page.frames(), 'frames in the page, which the audit does not enter').toHaveLength(1);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => {
    const page = globalThis as unknown as AxePage;
    return page.axe.run(page.document, options);
  }, options);
}

const SIZES = [
  ['wide', { width: 1280, height: 800 }],
  ['narrow', { width: 820, height: 520 }],
] as const;
const THEMES = ['light', 'dark'] as const;

/** One violation as a line a reader can act on: rule, impact, the nodes and what axe says is wrong. */
function describe(violations: AxeResults['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ').replace(/^Fix any of the following: /, '') ?? v.help}`,
    ),
  );
}

/** How far the page could scroll sideways, in pixels: 0 when everything fits the window. */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate<number>('document.scrollingElement.scrollWidth - window.innerWidth');
}

/**
 * The screen as the agent sees it, at 1280×800 and 820×520, light and dark: a screenshot of each in
 * test-results/screen-<name>-<size>-<theme>.png (`keepScreen`), an axe-core audit of each that fails on any serious
 * or critical violation, and nothing that scrolls the page sideways.
 */
export async function auditScreen(page: Page, name: string, only?: 'wide' | 'narrow'): Promise<void> {
  const before = page.viewportSize();
  const found: string[] = [];
  for (const [size, viewport] of SIZES.filter(([size]) => !only || size === only)) {
    await page.setViewportSize(viewport);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      // Let transitions settle so colours are measured as they end up.
      await page.waitForTimeout(50);
      await keepScreen(page, `test-results/screen-${name}-${size}-${theme}.png`);
      // The themes differ only in colour: the second is audited for contrast alone, every
      // other rule having seen the same page at this size already.
      // Only violations are reported in full: passes would be serialised for nothing.
      // label-content-name-mismatch is off in axe by default (experimental): a name that does not
      // hold the visible text fails voice control ("click 44 min"), so Perch audits it too.
      const result = await runAxe(page, {
        resultTypes: ['violations'],
        rules: { 'label-content-name-mismatch': { enabled: true } },
        ...(theme === THEMES[0] ? {} : { runOnly: { type: 'rule', values: ['color-contrast'] } }),
      });
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      found.push(...describe(serious).map((line) => `${size} ${theme}: ${line}`));
    }
    const sideways = await sidewaysScroll(page);
    expect.soft(sideways, `${name} at ${size} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  if (before && !only) await page.setViewportSize(before);
  await page.emulateMedia({ colorScheme: 'light' });
  expect.soft(found, `axe-core: serious or critical violations on ${name}`).toEqual([]);
}
