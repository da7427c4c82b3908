// Route access: what anonymous visitors and logged-in users may open.
import { expect, test } from './fixtures';

const LOGGED_IN_ONLY = [
  '/account',
  '/account/published',
  '/resume/5b0e2f7e-8f2a-4a8e-9a3c-0d7c5e3b9a11',
  '/resume-board?page=1',
  '/purchase-form/one',
  '/subscription',
  '/job/metrics/5b0e2f7e-8f2a-4a8e-9a3c-0d7c5e3b9a11',
];

const ANONYMOUS_ONLY = [
  '/login',
  '/register',
  '/special-register/5b0e2f7e-8f2a-4a8e-9a3c-0d7c5e3b9a11',
  '/forgot-password',
  '/confirmation/some-token',
];

test.describe('anonymous visitor', () => {
  for (const path of LOGGED_IN_ONLY) {
    test(`is sent home from ${path}`, async ({ page, baseURL }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole('heading', { level: 1, name: 'Teach in East and Southeast Asia' })).toBeVisible();
    });
  }

  test('gets the not-found page, answered 404, at a path the app does not know', async ({ page, baseURL }) => {
    const answer = await page.goto('/no/such/page');
    expect(answer?.status()).toBe(404);
    await expect(page).toHaveURL(`${baseURL}/no/such/page`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('may open the public pages', async ({ page, baseURL }) => {
    // Public pages, with their headings.
    const pages: [string, string][] = [
      ['/post-resume', 'Post Resume'],
      ['/change-password/some-token', 'Choose a new password'],
      ['/about-us', 'About Us'],
      ['/contact-us', 'Contact Us'],
      ['/terms-of-service', 'Terms of Service'],
      ['/login', 'Log In'],
      ['/register', 'Create your account'],
      ['/forgot-password', 'Forgot password'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    // Pages that other journeys test in full: here only the access rule (not sent home) is checked.
    for (const path of ['/jobs?country=japan&page=1', '/post-job', '/post-job/purchase-jobs']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(page.url(), path).not.toBe(`${baseURL}/`);
    }
    await page.goto('/post-resume');
    await expect(page.getByRole('main').getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  test('sees Post Resume lead to /register and no Resume Board', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Post Resume' })).toHaveAttribute('href', '/register');
    await expect(nav.getByRole('link', { name: 'Post Job' })).toHaveAttribute('href', '/post-job/purchase-jobs');
    await expect(nav.getByRole('link', { name: 'Resume Board' })).toHaveCount(0);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await expect(footer.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
    await expect(footer.getByRole('link', { name: 'Terms Of Service' })).toHaveAttribute('href', '/terms-of-service');
  });
});

test.describe('logged-in user', () => {
  test('is sent home from login, register and the other visitor-only pages, and told of unknown paths', async ({
    page,
    accounts,
    baseURL,
  }) => {
    const user = await accounts.createConfirmedUser('member');
    await accounts.logInAs(page, user);
    for (const path of ANONYMOUS_ONLY) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`${baseURL}/`);
    }
    // A path the app does not know is a 404 page for members too (decision 007).
    const unknown = await page.goto('/somewhere/else');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('may open the member pages, and the navigation knows who they are', async ({ page, accounts, baseURL }) => {
    const user = await accounts.createConfirmedUser('member');
    await accounts.logInAs(page, user);
    // Other journeys test these pages in full; here, only that members are not sent home.
    const memberPaths = [
      '/account',
      '/account/published',
      '/resume-board?page=1',
      '/purchase-form/five',
      '/subscription',
      '/job/metrics/5b0e2f7e-8f2a-4a8e-9a3c-0d7c5e3b9a11',
    ];
    for (const path of memberPaths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(page.url(), path).not.toBe(`${baseURL}/`);
    }

    // Post Resume goes to the wizard for the user's own uuid; /post-resume leads there too.
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const postResumeHref = await nav.getByRole('link', { name: 'Post Resume' }).getAttribute('href');
    expect(postResumeHref).toMatch(/^\/post-resume\/details\/[0-9a-f-]{36}$/);
    await expect(nav.getByRole('link', { name: 'Resume Board' })).toHaveAttribute('href', '/resume-board?page=1');
    await page.goto('/post-resume');
    await expect(page).toHaveURL(`${baseURL}${postResumeHref}`);
    // Someone else's uuid in the wizard's path is replaced by the user's own.
    await page.goto('/post-resume/resume/5b0e2f7e-8f2a-4a8e-9a3c-0d7c5e3b9a11');
    const ownUuid = postResumeHref!.split('/').pop()!;
    await expect(page).toHaveURL(new RegExp(`/post-resume/[a-z-]+/${ownUuid}$`));
  });

  test('an unknown wizard step or price goes back where the spec says', async ({ page, accounts, baseURL }) => {
    const user = await accounts.createConfirmedUser('member');
    await accounts.logInAs(page, user);
    await page.goto('/post-job/stepper/nonsense/5b0e2f7e-8f2a-4a8e-9a3c-0d7c5e3b9a11');
    await expect(page).toHaveURL(`${baseURL}/post-job`);
    await page.goto('/post-job/whatever');
    await expect(page).toHaveURL(`${baseURL}/post-job`);
    await page.goto('/purchase-form/seven');
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a session the server no longer knows is dropped and the user is anonymous', async ({ page, baseURL }) => {
    await page.addInitScript(() => window.localStorage.setItem('teacheast.token', 'not-a-real-token'));
    await page.goto('/account');
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
