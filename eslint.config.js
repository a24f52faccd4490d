import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'node_modules', 'test-results', 'playwright-report', 'bench-results'] },
  js.configs.recommended,
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  // The service worker runs in the browser's worker scope, not in Node.
  { files: ['server/push/sw.js'], languageOptions: { globals: globals.serviceworker } },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Imports run one way: domain <- i18n <- server; domain <- providers/components <- resources/pages <- app.
  {
    files: ['domain/**'],
    rules: restrict(
      ['**/server/**', '**/src/**', '**/providers/**', '**/resources/**', '**/i18n/**'],
      'domain/ imports nothing of ours.',
    ),
  },
  {
    files: ['server/**'],
    rules: restrict(
      ['**/src/**', '**/providers/**', '**/resources/**', '**/tests/**'],
      'server/ imports only domain/ and i18n/.',
    ),
  },
  {
    // A feature uses another only through its index ('../usuarios'), never its insides.
    files: ['server/features/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/providers/**', '**/resources/**', '**/tests/**'],
              message: 'server/ imports only domain/ and i18n/.',
            },
            {
              regex: '^\\.\\./(?!\\.\\.(/|$))[^/]+/',
              message: "A server feature imports another feature's index only ('../x'), not its files.",
            },
          ],
        },
      ],
    },
  },
  {
    // A sibling folder ('../other/...') is another resource; '../../domain', '../../src/components' are fine.
    files: ['resources/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.\\.(/|$))[^/]+', message: 'A resource never imports another resource.' },
            { group: ['**/resources/**'], message: 'A resource never imports another resource.' },
          ],
        },
      ],
    },
  },
);
