// ESLint (flat config): typescript-eslint's recommended rules, kept modest so they guard real mistakes, plus the
// architecture rules of docs/architecture.md: a routes.ts holds no SQL (queries live in repo/service files), a server
// module is imported only through its index.ts and module dependencies go one way (apps/server/lint), and no source
// file is over 500 lines.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import serverModules from './apps/server/lint/module-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'test-results/**',
      'coverage/**',
      'apps/server/drizzle/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      // the code base uses `any` at a few typed boundaries (Drizzle rows, JSON schemas) on purpose
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
      'no-useless-assignment': 'off',
      'preserve-caught-error': 'off',
      'no-undef': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // routes hold no SQL: a route calls a repository or service function (docs/architecture.md "Layout")
    files: ['apps/server/src/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: "routes.ts holds no SQL: put the query in the feature's repo.ts or service.ts.",
            },
            {
              group: ['**/db/schema', '**/db/schema/*', '**/db/schema.js', '**/db/schema/*.js'],
              message: "routes.ts holds no SQL: tables are used in the feature's repo.ts or service.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // web screens call the server only through their feature's queries.ts (typed endpoint functions whose body and
    // answer types come from packages/contracts) and read query keys only from key factories (docs/architecture.md)
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client'],
              importNames: ['api', 'request', 'requestEnvelope', 'requestBlob'],
              message: "a screen calls the server through a typed function of its feature's queries.ts.",
            },
            {
              group: ['**/api/documents'],
              importNames: ['printPdf'],
              message: "a screen asks for a document through a typed function of its feature's queries.ts.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "a query key comes from the feature's key factory (queries.ts), not an inline array.",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|set|cancel|invalidate|refetch|remove|reset)Quer(y|ies)(Data)?$/] > ArrayExpression',
          message: "a query key comes from the feature's key factory (queries.ts), not an inline array.",
        },
      ],
    },
  },
  {
    // one feature per folder, files by use case: no source file over 500 lines (tests, bench, migrations and generated
    // files aside)
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**/*.e2e.ts', '**/bench/**', '**/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    // server modules: imported only through their index.ts (also by the seeds and app.ts), and no loop between them
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: serverModules },
    rules: { 'server/module-boundaries': 'error' },
  },
);
