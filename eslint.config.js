import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries/rule.js';

const onlyRelative = (message, allowed = []) => ({
  regex: allowed.length ? `^(?!\\.|${allowed.map((a) => `${a.replace(/[.*]/g, '\\$&')}$`).join('|')})` : '^(?!\\.)',
  message,
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tmp/**', 'data/**', '**/drizzle/**', 'coverage/**', 'eslint-rules/**/__fixtures__/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Small files: a file that outgrows this is two things (docs/architecture.md).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.mjs', '.ci/**/*.mjs', 'packages/cli/bin/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  // The functions' sandbox bootstrap is CommonJS: it loads the function's code with require, as AppGallery Connect's runtime does.
  {
    files: ['packages/runner/src/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { process: 'readonly', console: 'readonly', require: 'readonly', setImmediate: 'readonly', Buffer: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Family boundaries: faces, the core, core families, loops (docs/kernel/boundaries.md).
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { wharf: boundaries },
    rules: { 'wharf/family-boundaries': 'error' },
  },
  {
    files: ['eslint-rules/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  // Import boundaries: rules and client import nothing; contract only rules and zod; web never server.
  {
    files: ['packages/rules/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // jsep parses Cloud DB's security rules, which the console checks and simulates as the server does (docs/cloud-db.md);
      // croner reads functions' timer expressions, whose next firings the console shows as the server plans them.
      'no-restricted-imports': ['error', { patterns: [onlyRelative('@wharf/rules is pure: it imports nothing outside itself but jsep and croner, the parsers of rules and cron expressions', ['jsep', 'croner'])] }],
    },
  },
  {
    // A library by nature: the server, the CLI and the bench read packages with it, so it knows none of them.
    files: ['packages/parsers/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/parsers/src/test-kit/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\.|node:|yauzl$|protobufjs$)', message: '@wharf/parsers imports only Node, yauzl and protobufjs' }] }],
    },
  },
  {
    files: ['packages/parsers/src/test-kit/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\.|node:|node-forge$|vitest$)', message: 'the parsers\' test kit imports only Node, node-forge and vitest' }] }],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [onlyRelative('@wharf/contract imports only @wharf/rules and zod', ['zod', '@wharf/rules'])] },
      ],
    },
  },
  {
    // It ships inside apps: no dependency, so nothing is bundled that a device does not need.
    files: ['packages/client/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyRelative('@wharf/client ships in apps: it imports nothing outside itself')] }],
    },
  },
  {
    // It ships inside apps beside @wharf/client, its only dependency.
    files: ['packages/analytics/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyRelative('@wharf/analytics ships in apps: it imports only @wharf/client', ['@wharf/client'])] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@wharf/server', '@wharf/server/*', '**/apps/server/**', '**/server/src/**'], message: 'The web app never imports server code; share through @wharf/contract.' },
          ],
        },
      ],
    },
  },
);
