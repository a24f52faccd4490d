import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

// The views (src/, resources/) call the server through the data provider and providers/files.ts,
// never through the transport: it stays inside providers/.
const TRANSPORT_MESSAGE =
  'The transport stays in providers/: send a declared operation through the data provider (useOperations, ' +
  'useDataProvider) or a file through providers/files.ts.';
const TRANSPORT_IMPORTS = [
  {
    group: [
      '**/providers/dataProvider/graphqlRequest',
      '**/providers/dataProvider/graphqlDataProvider',
      '**/providers/dataProvider/namedOperations',
      '**/providers/dataProvider/buildQuery',
    ],
    message: TRANSPORT_MESSAGE,
  },
  {
    group: ['**/providers/dataProvider'],
    importNames: ['graphqlRequest', 'fetchGraphql', 'authorizedFetch'],
    message: TRANSPORT_MESSAGE,
  },
];
const TRANSPORT_CALLS = [
  { selector: "CallExpression[callee.name='fetch']", message: TRANSPORT_MESSAGE },
  {
    selector: "CallExpression[callee.property.name='fetch'][callee.object.name=/^(window|globalThis|self)$/]",
    message: TRANSPORT_MESSAGE,
  },
  { selector: "NewExpression[callee.name='XMLHttpRequest']", message: TRANSPORT_MESSAGE },
];
const VIEWS = ['src/**', 'resources/**'];
// A sibling folder ('../other/...') is another resource; '../../domain', '../../src/components' are fine.
const RESOURCE_IMPORTS = [
  { regex: '^\\.\\./(?!\\.\\.(/|$))[^/]+', message: 'A resource never imports another resource.' },
  { group: ['**/resources/**'], message: 'A resource never imports another resource.' },
];
const VIEW_TESTS = ['**/*.test.{ts,tsx}', 'src/testing/**'];

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
    files: VIEWS,
    ignores: VIEW_TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: TRANSPORT_IMPORTS }],
      'no-restricted-syntax': ['error', ...TRANSPORT_CALLS],
    },
  },
  {
    files: ['resources/**'],
    ignores: VIEW_TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [...RESOURCE_IMPORTS, ...TRANSPORT_IMPORTS] }] },
  },
  {
    // Tests may look behind the data provider (the operations they check against the schema).
    files: ['resources/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: RESOURCE_IMPORTS }] },
  },
);
