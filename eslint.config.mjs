// ESLint for the whole project (npm run lint, CI): the recommended JavaScript and typescript-eslint
// rules everywhere, the React hooks rules for the console (Preact uses the same hooks), the rules
// that catch an unawaited promise on the server, and no disable comment without its reason
// (`-- because ...`).
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test/tools/*/node_modules/**',
      'web/src/api/console-api.gen.ts',
      '.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      // `_`-prefixed names are deliberately unused (a destructured field left out of a view).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The server and its tests: a promise nobody awaits is a lost error or a write out of order.
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    // Tests read JSON answers as `any` to assert on them field by field: a wrong shape fails the
    // assertion, which says more than a compile error would.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Functions handed to the page (page.evaluate, addInitScript) run in the browser.
    files: ['bench/web.mjs', 'test/web/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
);
