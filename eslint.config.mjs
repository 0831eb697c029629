// ESLint flat config: typescript-eslint, react-hooks, jsx-a11y and the import boundaries of
// docs/architecture.md#layout (shared imports nothing; client and server never import each other).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

const boundary = (patterns) => ['error', { patterns }];

/**
 * The client's layers: shared ← lib, components ← features ← app. lib/ and components/ import no
 * feature and nothing of app/; a feature imports no other feature, and of app/ only the typed
 * hooks and the store (its types, and the root reducer a lazily loaded slice injects itself into).
 */
const CLIENT = './src/client';
const FEATURES = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Every server module: the repository-boundary rule below covers each one as it is added. */
const SERVER_MODULES = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientZones = [
  ...['lib', 'components'].map((layer) => ({
    target: `${CLIENT}/${layer}`,
    from: [`${CLIENT}/features`, `${CLIENT}/app`, `${CLIENT}/main.tsx`],
    message: `src/client/${layer} imports no feature and nothing of app/ (shared ← lib, components ← features ← app).`,
  })),
  ...FEATURES.map((feature) => ({
    target: `${CLIENT}/features/${feature}`,
    from: `${CLIENT}/features`,
    except: [`./${feature}`],
    message: 'A feature imports no other feature: share through lib/ or components/, or wire them in app/.',
  })),
  {
    target: `${CLIENT}/features`,
    from: `${CLIENT}/app`,
    except: ['./hooks.ts', './store.ts'],
    message: 'Features use only the typed hooks and the store of app/; app/ wires features together.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'test/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'import/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: clientZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary([
        {
          regex: '^(?!\\./|\\.\\./(?!\\.\\./|client/|server/)|@sinclair/typebox$)',
          message: 'src/shared imports nothing outside itself (docs/architecture.md#layout).',
        },
      ]),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': boundary([
        { regex: '(^|/)server(/|$)', message: 'The client never imports the server (docs/architecture.md#layout).' },
        { regex: '^(node:|fastify|kysely|better-sqlite3|pg$|nodemailer|jose)', message: 'Server-only package.' },
      ]),
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Server layout: core never imports a feature module (or the app that composes them), and no
  // module reaches into another module's repository (it calls that module's service instead).
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary([
        { regex: '(^|/)client(/|$)', message: 'The server never imports the client (docs/architecture.md#layout).' },
        {
          regex: '^(react|react-dom|react-redux|@reduxjs/toolkit|reactstrap|react-router)',
          message: 'Client-only package.',
        },
        {
          regex: `^\\.\\./(\\.\\./)*(${SERVER_MODULES.join('|')})/(.*/)?[^/]+\\.repository$`,
          message: "A module never imports another module's repository; call its service.",
        },
      ]),
    },
  },
  {
    files: ['src/server/core/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary([
        { regex: '(^|/)client(/|$)', message: 'The server never imports the client (docs/architecture.md#layout).' },
        {
          regex: '^(react|react-dom|react-redux|@reduxjs/toolkit|reactstrap|react-router)',
          message: 'Client-only package.',
        },
        { regex: '(^|/)modules(/|$)', message: 'Core never imports a feature module.' },
        { regex: '(^|/)app$', message: 'Core never imports the app.' },
      ]),
    },
  },
);
