import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The page's entry is small and imports the app's code dynamically (src/renderer/src/app/main.tsx):
 * the page asks for that code from the start, so it arrives beside main's first answers. When
 * main draws a saved first screen into the page, it leaves these links out (`withFirstScreen`):
 * that screen's first frame comes before the code.
 */
function preloadApp(): Plugin {
  return {
    name: 'perch-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {});
        const app = chunks.find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/start-app.tsx'));
        if (!app || app.type !== 'chunk') throw new Error('The renderer build has no start-app chunk to preload');
        return [app.fileName, ...app.imports].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The dev server's page (`electron-vite dev`) under a CSP Vite can work with: its styles
 * arrive as <style> elements, and React Refresh's preamble is an inline script, allowed by
 * its hash. Built pages keep index.html's strict CSP.
 */
export function devServerCsp(): Plugin {
  return {
    name: 'perch-dev-server-csp',
    apply: 'serve',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
          ([, attributes, body]) => !/\ssrc=/.test(` ${attributes}`) && body!.trim(),
        );
        const hashes = inline.map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
        const relax = (policy: string) =>
          policy
            .replace(/script-src ([^;]*)/, (_, sources: string) => `script-src ${[sources, ...hashes].join(' ')}`)
            .replace(/style-src ([^;]*)/, (_, sources: string) => `style-src ${sources} 'unsafe-inline'`);
        return html.replace(
          /(http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/,
          (_, start: string, policy: string) => `${start}${relax(policy)}"`,
        );
      },
    },
  };
}

export default defineConfig({
  main: {
    build: { rollupOptions: { input: { index: resolve('src/main/electron/index.ts') } } },
  },
  preload: {
    // A sandboxed preload must be one CommonJS file that requires nothing but electron: zod,
    // which the channel declarations it reads its allow-list from use, is bundled in.
    build: {
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    // Minified: the first screen waits for this script to be parsed.
    build: { minify: true, rollupOptions: { input: { index: resolve('src/renderer/index.html') } } },
    plugins: [react(), preloadApp(), devServerCsp()],
  },
});
