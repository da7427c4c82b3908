// Per worker: a real SMTP server and a real TeachEast server on a fresh SQLite file.
// Per test: `accounts`, which makes confirmed users through the same calls the web app uses.
import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { startAppServer, type AppServer } from './app-server';
import { startMailbox, type Mailbox } from './mailbox';

export const TOKEN_STORAGE_KEY = 'teacheast.token';
/** SIGNED_IN_COOKIE of packages/shared (its cities.json does not load in Playwright's runner). */
export const SIGNED_IN_COOKIE = 'teacheast_signed_in';
export const CONFIRMATION_SUBJECT = /confirm/i;
export const PASSWORD_RESET_SUBJECT = /password/i;

export interface TestUser {
  email: string;
  password: string;
}

export interface Accounts {
  /** A new, unique address; nobody has registered it yet. */
  newUser(label?: string): TestUser;
  /** Registers and confirms through the API, reading the confirmation link from the real mail. */
  createConfirmedUser(label?: string): Promise<TestUser>;
  /** Logs in through the API and makes `page` start every visit with that session. */
  logInAs(page: Page, user: TestUser): Promise<string>;
}

export function linkContaining(links: readonly string[], fragment: string): string {
  const link = links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in: ${links.join(', ') || '(no links)'}`);
  return link;
}

function makeAccounts(request: APIRequestContext, mailbox: Mailbox, baseURL: string): Accounts {
  const newUser = (label = 'user') => ({
    email: `${label}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  });
  return {
    newUser,
    async createConfirmedUser(label) {
      const user = newUser(label);
      // Each account from an address of its own, as people sign up (the server counts sign-ups per
      // address; a browser's own sign-ups in the journeys still come from the worker's address).
      const address = `10.${randomBytes(3).join('.')}`;
      const registered = await request.post('/api/register', { data: user, headers: { 'x-forwarded-for': address } });
      expect(registered.status(), await registered.text()).toBe(201);
      const mail = await mailbox.waitForMail(user.email, CONFIRMATION_SUBJECT);
      const token = new URL(linkContaining(mail.links, '/confirmation/')).pathname.split('/').pop();
      const confirmed = await request.post('/api/confirmation/', { data: { token } });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      return user;
    },
    async logInAs(page, user) {
      const response = await request.post('/api/login', { data: user });
      expect(response.status(), await response.text()).toBe(200);
      const token = response.headers()['auth-token'];
      if (!token) throw new Error('The login answer has no auth-token header');
      await useSession(page, token, baseURL);
      return token;
    },
  };
}

/** What the app's login leaves in the browser: the token, and the cookie that says there is a session. */
export async function useSession(page: Page, token: string, baseURL: string): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  await page.context().addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: baseURL }]);
}

/** Makes `page.goto` and `page.reload` wait until the app has taken over an HTML page. */
export function waitingForTheApp(page: Page): Page {
  const wrap =
    <A extends unknown[]>(navigate: (...args: A) => Promise<Response | null>) =>
    async (...args: A): Promise<Response | null> => {
      const response = await navigate(...args);
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      }
      return response;
    };
  page.goto = wrap(page.goto.bind(page));
  page.reload = wrap(page.reload.bind(page));
  return page;
}

export const test = base.extend<{ accounts: Accounts }, { mailbox: Mailbox; appServer: AppServer }>({
  mailbox: [
    // Playwright reads the fixtures a function needs from its first parameter, so it must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ mailbox }, use) => {
      const server = await startAppServer({ smtpPort: mailbox.port });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // goto returns once the app runs the page (<html data-app-ready>), as a person waits for a page to
  // respond: landing pages arrive rendered by the server and are taken over a moment after they load.
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
  },
  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },
  accounts: async ({ request, mailbox, baseURL }, use) => {
    await use(makeAccounts(request, mailbox, baseURL!));
  },
});

export { expect };
