import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What no layer below http/ may import: the HTTP layer, the entry points, the demo seed. */
const UPPER_LAYERS = ['**/http/**', '**/app.js', '**/admin.js', '**/main.js', '**/demo/**'];
const SQL_BUILDERS = ['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto'];

/**
 * What features may not import from payments: the test provider and Stripe's library. Test-mode
 * needs and the provider's events go through the provider interface (integrations/payments/provider.ts).
 */
const PAYMENT_PROVIDER_INSIDES = {
  group: ['**/integrations/payments/test-provider*', 'stripe', 'stripe/*'],
  message:
    'Features use a payment provider only through integrations/payments/provider.ts (docs/decisions/004-payments-provider-interface.md).',
};

function serverLayer(files, forbidden, morePatterns = []) {
  return [
    {
      files,
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: forbidden,
                message: 'This import crosses the server layers the wrong way (docs/ARCHITECTURE.md).',
              },
              ...morePatterns,
            ],
          },
        ],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // Rules that need the types: each TypeScript file is read through its folder's tsconfig.json
    // (the root vitest.config.ts has none and gets a default one). A promise is awaited, or marked
    // `void` where nothing can reject it: `void handleSubmit(onSubmit)(event)` in the web forms runs
    // a synchronous onSubmit that reports its own errors. Vitest types its asymmetric matchers as
    // `any`, so a test writes `expect.any(String) as string`.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Domain rules and shared contracts never depend on the web framework or the HTTP server.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', 'fastify', '@fastify/*', 'kysely'] }],
    },
  },
  // The server's layers (docs/ARCHITECTURE.md): shared ← db, integrations, lib ← features ← http, app.
  // Each block names what a layer may not import; a later block for the same files replaces an
  // earlier one's rule, so every block lists its whole set.
  ...serverLayer(
    ['apps/server/src/integrations/**', 'apps/server/src/db/**', 'apps/server/src/lib/**'],
    [...UPPER_LAYERS, '**/features/**', '../features/**'],
  ),
  ...serverLayer(
    ['apps/server/src/deps.ts', 'apps/server/src/config.ts', 'apps/server/src/errors.ts'],
    [...UPPER_LAYERS, './features/**'],
  ),
  ...serverLayer(
    ['apps/server/src/features/**'],
    [
      ...UPPER_LAYERS,
      // Features call each other's services, never each other's repositories.
      '../*/repo.js',
      '../*/*-repo.js',
    ],
    [PAYMENT_PROVIDER_INSIDES],
  ),
  ...serverLayer(
    ['apps/server/src/http/**', 'apps/server/src/{app,admin,main,migrate}.ts', 'apps/server/src/demo/**'],
    ['**/features/*/repo.js', '**/features/*/*-repo.js'],
  ),
  {
    // SQL lives in repositories (repo.ts, *-repo.ts), the data layer and migrations; the demo seed
    // writes its rows directly; tests set up their own rows.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/repo.ts',
      'apps/server/src/**/*-repo.ts',
      'apps/server/src/db/**',
      'apps/server/src/demo/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/test-factories.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${SQL_BUILDERS.join('|')})$/]`,
          message: 'SQL belongs in a repo.ts (docs/ARCHITECTURE.md): call a repository function instead.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL belongs in a repo.ts (docs/ARCHITECTURE.md): call a repository function instead.',
        },
      ],
    },
  },
  // The web app's layers: config, lib, ui ← features ← app. Features may use each other's
  // components (the wizard's preview shows the posting view).
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/ui/**', 'apps/web/src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/app/**'], message: 'lib, ui and config are below features and app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'Features are below app: app composes them, not the other way.' },
          ],
        },
      ],
    },
  },
);
