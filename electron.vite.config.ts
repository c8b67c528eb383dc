import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

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
    plugins: [react()],
  },
});
