import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Type-aware rules (issue 25 item 6): a promise nobody awaits loses its rejection, and an async
    // function passed where a void callback is expected does too. They need the type checker, so they
    // run on the source trees only (tests beside the source included); the project service reuses
    // each package's tsconfig.json. JSX attributes (onClick={async () => …}) stay allowed: React
    // ignores the returned promise by design and the handlers catch their own errors.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // STYLE §2: queries live in repositories. Routes, services, presenters and jobs reach the
    // database through a `*.repository.ts`; only those, db/ and tests import drizzle-orm.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: "Queries live in *.repository.ts (STYLE §2): move this query into the module's repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // One toast helper (lib/toast.ts) keyed on kind: nothing else picks a toast's colour by hand.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast.ts', 'apps/web/src/app/toast-guard.tsx', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/notifications',
              importNames: ['notifications'],
              message: 'Show toasts with toast.success / toast.error / … from lib/toast.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Lint zones (bulletproof-react, STYLE.md): code flows lib/ + components/ → features/<f>/ → app/.
    // A feature never imports another feature or app/; what two features share moves down to lib/ or
    // components/, and app/ composes features into screens.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature imports no other feature: move what both need to lib/ or components/, or compose them in app/.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import app/: app/ composes features, not the other way round.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code (lib/, components/) imports no feature and not app/.',
            },
          ],
        },
      ],
    },
  },
);
