import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Perch's layers are an allow-list that follows imports, checked by dependency-cruiser
 * (.dependency-cruiser.cjs, run by `npm run lint` after ESLint), import cycles included.
 */
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
    // A store is read and written by its own slice: everything else of the renderer reads with a
    // selector and changes it through a slice's action (src/renderer/README.md).
    files: ['src/renderer/src/**/*.ts', 'src/renderer/src/**/*.tsx'],
    ignores: [
      'src/renderer/src/features/*/slice.ts',
      'src/renderer/src/features/*/slice-*.ts',
      'src/renderer/src/store/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(getState|setState)$/]',
          message:
            "Only a feature's slice (features/*/slice.ts, slice-*.ts) and store/ call getState()/setState(): read with a selector, change through the slice's action.",
        },
      ],
    },
  },
  {
    // Node scripts: plain JavaScript run by node.
    files: ['scripts/**/*.mjs', '*.js', '*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        module: 'writable',
        require: 'readonly',
      },
    },
  },
);
