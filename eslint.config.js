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
    // The renderer's components and hooks read the store through selectors and change it through
    // its actions: getState() and setState() are the slices' and stores' own (src/renderer/README.md).
    files: ['src/renderer/src/**/*.tsx', 'src/renderer/src/**/use-*.ts', 'src/renderer/src/ui/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(getState|setState)$/]',
          message: 'Components and hooks read a store with a selector and change it with an action of its slice.',
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
