import { chromium } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer, type PluginOption, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../electron.vite.config';
import { TEST_CHROMIUM } from '../../playwright.config';
import { builtFile } from './plain-node/built';

const policyOf = (html: string) => /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
const sourcePolicy = policyOf(readFileSync('src/renderer/index.html', 'utf8'))!;

/**
 * `electron-vite dev` serves the renderer from Vite's dev server: the page must work under its
 * CSP there (Chromium enforces it as Electron's window does), while a built page keeps the
 * strict one.
 */
describe('the renderer’s CSP', () => {
  let server: ViteDevServer;
  beforeAll(async () => {
    const renderer = (config as { renderer: { plugins: PluginOption[] } }).renderer;
    server = await createServer({
      configFile: false,
      root: resolve('src/renderer'),
      plugins: renderer.plugins,
      server: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    });
    await server.listen();
  });
  afterAll(() => server?.close());

  it('on the dev server allows Vite’s styles and React Refresh’s preamble, and nothing is refused', async () => {
    const browser = await chromium.launch({ executablePath: TEST_CHROMIUM });
    try {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) refused.push(message.text());
      });
      await page.goto(server.resolvedUrls!.local[0]!);
      await expect.poll(() => page.evaluate<number>('document.styleSheets.length')).toBeGreaterThan(0);
      // The page's own code runs in the page: written as text here, where there is no DOM.
      expect(await page.evaluate('typeof window.$RefreshReg$')).toBe('function');
      expect(refused).toEqual([]);

      // Every inline script is allowed by its hash, wherever Vite puts it (a policy in a meta
      // element does not cover what precedes it).
      const html = await (await fetch(server.resolvedUrls!.local[0]!)).text();
      const scriptSources = / script-src ([^;]*)/.exec(` ${policyOf(html)}`)![1]!.split(' ');
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes, body]) => !/\bsrc=/.test(attributes!) && body!.trim(),
      );
      expect(inline.length).toBeGreaterThan(0);
      for (const [, , body] of inline)
        expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
      expect(scriptSources).not.toContain("'unsafe-inline'");
    } finally {
      await browser.close();
    }
  });

  it('of a built page is index.html’s strict one', () => {
    expect(policyOf(readFileSync(builtFile('renderer/index.html'), 'utf8'))).toBe(sourcePolicy);
    expect(sourcePolicy).toMatch(/script-src 'self';/);
    expect(sourcePolicy).not.toMatch(/unsafe-inline|sha256-/);
  });
});
