// ESLint over web/, tests/ and scripts/ (`make lint`, part of `make test`): the recommended
// JavaScript and typescript-eslint rules, and React's rules of hooks in web/src. Formatting is
// Prettier's (.prettierrc.json), so no stylistic rule is on here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', 'target/', 'pkg/', 'pkg-image/', 'core/', 'web/dist/', 'test-results/', 'playwright-report/'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  {
    // The page's blocking head script, plain JavaScript run by the browser before the app.
    files: ['web/src/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['web/*.{ts,js,mjs}', 'web/deploy/**', 'tests/**', 'scripts/**', '*.{ts,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept for its position or its side effect.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
