import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Import rules that keep Perch's layers apart (see the README of each src/ folder). */
const node = ['node:*', 'fs', 'path', 'http', 'https', 'net', 'os', 'crypto', 'child_process', 'undici', 'ws', 'keytar', 'electron-store'];
const layer = (files, groups, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }] },
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty-pattern': 'off',
    },
  },
  {
    // Node scripts: plain JavaScript run by node.
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
  },
  layer(['src/shared/**'], ['electron', ...node, 'react', 'react-dom', 'zustand', '**/main/**', '**/renderer/**', '**/sandbox/**', '**/preload/**'],
    'src/shared is pure: no runtime (Electron, Node, DOM libraries) and no other layer.'),
  layer(['src/renderer/**'], ['electron', ...node, '**/main/**', '**/sandbox/**', '**/preload/**'],
    'The renderer talks to main only through the IPC contract in src/shared.'),
  layer(['src/main/core/**', 'src/main/browser-host/**'], ['electron', '**/renderer/**', '**/preload/**'],
    'The core runs on plain Node: Electron stays in the src/main adapters.'),
  layer(['src/sandbox/**'], ['electron', '**/main/**', '**/renderer/**', '**/preload/**'],
    'The sandbox is a standalone server: it knows only the API types in src/shared.'),
  layer(['src/preload/**'], [...node, '**/main/**', '**/renderer/**', '**/sandbox/**', 'zod'],
    'A sandboxed preload can require only electron; it shares the contract from src/shared.'),
);
