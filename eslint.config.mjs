// ESLint flat config: typescript-eslint, react-hooks, jsx-a11y and the import boundaries of
// ARCHITECTURE §1 (shared imports nothing; client and server never import each other).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const boundary = (patterns) => ['error', { patterns }];

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
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary([
        {
          regex: '^(?!\\./|\\.\\./(?!\\.\\./|client/|server/)|@sinclair/typebox$)',
          message: 'src/shared imports nothing outside itself (ARCHITECTURE §1).',
        },
      ]),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': boundary([
        { regex: '(^|/)server(/|$)', message: 'The client never imports the server (ARCHITECTURE §1).' },
        { regex: '^(node:|fastify|kysely|better-sqlite3|pg$|nodemailer|jose)', message: 'Server-only package.' },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary([
        { regex: '(^|/)client(/|$)', message: 'The server never imports the client (ARCHITECTURE §1).' },
        {
          regex: '^(react|react-dom|react-redux|@reduxjs/toolkit|reactstrap|react-router)',
          message: 'Client-only package.',
        },
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
        { regex: '(^|/)client(/|$)', message: 'The server never imports the client (ARCHITECTURE §1).' },
        {
          regex: '^(react|react-dom|react-redux|@reduxjs/toolkit|reactstrap|react-router)',
          message: 'Client-only package.',
        },
        {
          regex: '^\\.\\./(\\.\\./)*(accounts|analytics|feedback|health|odds|web)/(.*/)?[^/]+\\.repository$',
          message: "A module never imports another module's repository; call its service.",
        },
      ]),
    },
  },
  {
    files: ['src/server/core/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary([
        { regex: '(^|/)client(/|$)', message: 'The server never imports the client (ARCHITECTURE §1).' },
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
