// The layer rules of eslint.config.js (docs/ARCHITECTURE.md) catch a wrong import or stray SQL, and
// let the right ones through: each case is linted as if it were that file of the tree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The layer rules read no types, and the cases are files that do not exist: they are linted
// without the type-aware rules.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const server = 'apps/server/src';

describe('server layers', () => {
  it.each([
    [
      'a feature importing http/',
      `${server}/features/jobs/service.ts`,
      "import { x } from '../../http/web-app.js';\nexport const y = x;",
    ],
    [
      'a feature importing the app',
      `${server}/features/jobs/service.ts`,
      "import { x } from '../../app.js';\nexport const y = x;",
    ],
    [
      "a feature importing another feature's repo",
      `${server}/features/jobs/service.ts`,
      "import * as repo from '../accounts/repo.js';\nexport const y = repo;",
    ],
    [
      "a feature importing another feature's *-repo",
      `${server}/features/jobs/service.ts`,
      "import * as repo from '../accounts/personal-data-repo.js';\nexport const y = repo;",
    ],
    [
      'an integration importing a feature',
      `${server}/integrations/mail/mailer.ts`,
      "import { x } from '../../features/accounts/service.js';\nexport const y = x;",
    ],
    [
      'the data layer importing a feature',
      `${server}/db/create-db.ts`,
      "import { x } from '../features/accounts/service.js';\nexport const y = x;",
    ],
    [
      'the shared helpers (lib/) importing a feature',
      `${server}/lib/bitmaps.ts`,
      "import { x } from '../features/accounts/service.js';\nexport const y = x;",
    ],
    [
      'the data layer importing the demo seed',
      `${server}/db/migrate.ts`,
      "import { x } from '../demo/seed-demo.js';\nexport const y = x;",
    ],
    [
      'deps.ts importing a feature',
      `${server}/deps.ts`,
      "import { x } from './features/accounts/service.js';\nexport const y = x;",
    ],
    [
      'http/ importing a repository',
      `${server}/http/web-app.ts`,
      "import * as repo from '../features/accounts/repo.js';\nexport const y = repo;",
    ],
    [
      'the admin command importing a repository',
      `${server}/admin.ts`,
      "import * as repo from './features/jobs/repo.js';\nexport const y = repo;",
    ],
  ])('refuses %s', async (_label, file, code) => {
    expect(await problems(file, code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*crosses the server layers/),
    ]);
  });

  it.each([
    [
      'a feature importing the test provider',
      `${server}/features/payments/service.ts`,
      "import { testCardOutcome } from '../../integrations/payments/test-provider.js';\nexport const y = testCardOutcome;",
    ],
    [
      'a feature’s test factory importing the test provider',
      `${server}/features/subscriptions/test-factories.ts`,
      "import { createTestProvider } from '../../integrations/payments/test-provider.js';\nexport const y = createTestProvider;",
    ],
    [
      'a feature importing Stripe’s library',
      `${server}/features/payments/service.ts`,
      "import Stripe from 'stripe';\nexport const y = Stripe;",
    ],
    [
      'a feature importing Stripe’s types',
      `${server}/features/subscriptions/service.ts`,
      "import type Stripe from 'stripe';\nexport type Y = Stripe.Invoice;",
    ],
  ])('refuses %s', async (_label, file, code) => {
    expect(await problems(file, code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*only through integrations\/payments\/provider\.ts/),
    ]);
  });

  it.each([
    [
      'a feature using the payment provider interface',
      `${server}/features/payments/service.ts`,
      "import type { PaymentEvent } from '../../integrations/payments/provider.js';\nexport type Y = PaymentEvent;",
    ],
    [
      'the Stripe provider using Stripe’s library',
      `${server}/integrations/payments/stripe-webhooks.ts`,
      "import Stripe from 'stripe';\nexport const y = Stripe;",
    ],
    [
      'the harness choosing the test provider',
      'apps/server/test/harness.ts',
      "import { createTestProvider } from '../src/integrations/payments/test-provider.js';\nexport const y = createTestProvider;",
    ],
  ])('allows %s', async (_label, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it.each([
    [
      'a service using its own repo and another feature’s service',
      `${server}/features/jobs/service.ts`,
      "import * as repo from './repo.js';\nimport { x } from '../accounts/service.js';\nexport const y = [repo, x];",
    ],
    [
      'http/ using a feature’s service',
      `${server}/http/web-app.ts`,
      "import { x } from '../features/accounts/sessions.js';\nexport const y = x;",
    ],
    [
      'an integration using deps and errors',
      `${server}/integrations/mail/mailer.ts`,
      "import { AppError } from '../../errors.js';\nexport const y = AppError;",
    ],
  ])('allows %s', async (_label, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  const query = "export const q = (db: { selectFrom(t: string): unknown }) => db.selectFrom('users');";
  const rawSql = "import { sql } from 'kysely';\nexport const q = sql`select 1`;";

  it.each([
    ['a service', `${server}/features/contact/service.ts`, query],
    ['a route file', `${server}/features/contact/routes.ts`, rawSql],
    ['http/', `${server}/http/auth.ts`, query],
    ['an integration outside its repo', `${server}/integrations/mail/mailer.ts`, query],
  ])('refuses SQL in %s', async (_label, file, code) => {
    expect(await problems(file, code)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: SQL belongs in a repo\.ts/),
    ]);
  });

  it.each([
    ['a feature repo', `${server}/features/contact/repo.ts`, query],
    ['a *-repo file', `${server}/features/accounts/personal-data-repo.ts`, query],
    ['an integration repo', `${server}/integrations/mail/repo.ts`, rawSql],
    ['the data layer', `${server}/db/create-db.ts`, rawSql],
    ['a test', `${server}/features/contact/contact.test.ts`, query],
  ])('allows SQL in %s', async (_label, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('web layers', () => {
  it.each([
    [
      'lib importing a feature',
      'apps/web/src/lib/session.ts',
      "import { x } from '../features/jobs/api';\nexport const y = x;",
    ],
    ['ui importing the app', 'apps/web/src/ui/page.tsx', "import { x } from '../app/router';\nexport const y = x;"],
    [
      'a feature importing the app',
      'apps/web/src/features/jobs/api.ts',
      "import { x } from '../../app/router';\nexport const y = x;",
    ],
  ])('refuses %s', async (_label, file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it('allows a feature to use lib, ui and another feature’s components', async () => {
    const code =
      "import { a } from '../../lib/session';\nimport { b } from '../../ui/page';\nimport { c } from '../jobs/components/job-tile';\nexport const y = [a, b, c];";
    expect(await problems('apps/web/src/features/job-wizard/api.ts', code)).toEqual([]);
  });
});
