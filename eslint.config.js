// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/** Features never import each other (CONVENTIONS 2): one zone per feature folder. */
const features = fs.existsSync('src/features')
  ? fs
      .readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; compose them in a route.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'data/**',
      'playwright-report/**',
      'test-results/**',
      'dev-dist/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver()],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: './src/shared',
              from: ['./src/app', './src/features', './src/lib', './src/offline', './src/locales', './server', './sw'],
              message: 'src/shared is isomorphic: it imports nothing outside itself.',
            },
            {
              target: './server',
              from: ['./src/app', './src/features', './src/lib', './src/offline', './sw'],
              message: 'The server imports only src/shared from the client side.',
            },
            {
              target: './sw',
              from: ['./src/app', './src/features', './src/lib', './server'],
              message: 'The service worker imports only src/shared and src/offline.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'Features do not import the app; routes compose features.',
            },
            {
              target: ['./src/app', './src/features', './src/lib', './src/offline', './sw'],
              from: './server',
              message: 'The client never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', '@mantine/*', '@tanstack/*'],
              message: 'src/shared imports nothing from React.',
            },
            { group: ['dexie', 'dexie-*'], message: 'src/shared imports nothing from Dexie.' },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'src/shared imports nothing from the database.',
            },
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'fastify', 'fastify-*', '@fastify/*'],
              message: 'src/shared imports nothing from Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/offline/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['dexie', 'dexie-*'], message: 'Only src/offline touches IndexedDB.' }] },
      ],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/server/**', 'tests/e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
