// The account journeys in the browser, with mail delivered over real SMTP.
import {
  expect,
  linkContaining,
  test,
  CONFIRMATION_SUBJECT,
  PASSWORD_RESET_SUBJECT,
  TOKEN_STORAGE_KEY,
} from './fixtures';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { TOAST_DURATION_MS } from '../packages/shared/src/limits';

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('register, confirm from the e-mail, log in, see Logout, log out', async ({ page, mailbox, accounts, baseURL }) => {
  const user = accounts.newUser('teacher');
  const mainNav = page.getByRole('navigation', { name: 'Main' });

  await page.goto('/register');
  await expect(
    page.getByText('An account is needed to post a resume, post a job and access the Resume Board.'),
  ).toBeVisible();
  // Typed with capitals: the address must arrive lower-cased.
  await page.getByLabel('Email').fill(user.email.toUpperCase());
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();

  const mail = await mailbox.waitForMail(user.email, CONFIRMATION_SUBJECT);
  const confirmationLink = linkContaining(mail.links, '/confirmation/');
  expect(confirmationLink.startsWith(`${baseURL}/confirmation/`)).toBe(true);

  // Before confirming, logging in is refused with a message saying why.
  await logInThroughForm(page, user.email, user.password);
  await expect(page.getByText(/confirm your e-mail/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // From here the page's clock is Playwright's: the toast's timer moves when the test moves it.
  await page.clock.install();
  // Opening the link confirms nothing (mail scanners open links too): the button does.
  await page.goto(confirmationLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const confirmedToast = page.getByText(/account is confirmed/i);
  await expect(confirmedToast).toBeVisible();
  // Toasts close by themselves after TOAST_DURATION_MS: still there halfway through, gone at the end
  // (at once, not after the seconds passing on the wall clock).
  await page.clock.fastForward(TOAST_DURATION_MS / 2);
  await expect(confirmedToast).toBeVisible();
  await page.clock.fastForward(TOAST_DURATION_MS / 2);
  await expect(confirmedToast).toBeHidden({ timeout: 1_000 });

  await logInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(mainNav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(mainNav.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(mainNav.getByRole('link', { name: 'Resume Board' })).toBeVisible();
  await expect(mainNav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeTruthy();

  // The session survives a reload.
  await page.reload();
  await expect(mainNav.getByRole('button', { name: 'Logout' })).toBeVisible();

  await mainNav.getByRole('button', { name: 'Logout' }).click();
  await expect(mainNav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(mainNav.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(mainNav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();

  // A used confirmation link does not work twice: message shown, back to the home page.
  await page.goto(confirmationLink);
  await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByText(/not valid|expired/i)).toBeVisible();
});

test('forgot password: mail, new password, log in with it', async ({ page, mailbox, accounts, baseURL }) => {
  const user = await accounts.createConfirmedUser('forgetful');
  const newPassword = 'brand-new-pw1';

  await page.goto('/forgot-password');
  await expect(page.getByRole('link', { name: 'Or just log in?' })).toHaveAttribute('href', '/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();

  const mail = await mailbox.waitForMail(user.email, PASSWORD_RESET_SUBJECT);
  const resetLink = linkContaining(mail.links, '/change-password/');
  expect(resetLink.startsWith(`${baseURL}/change-password/`)).toBe(true);

  await page.goto(resetLink);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await logInThroughForm(page, user.email, user.password);
  await expect(page.getByText(/incorrect/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, user.email, newPassword);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('download my data, then delete the account with the current password', async ({
  page,
  accounts,
  request,
  baseURL,
}) => {
  const user = await accounts.createConfirmedUser('leaver');
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await logInThroughForm(page, user.email, user.password);
  await expect(mainNav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await mainNav.getByRole('link', { name: 'Account' }).click();
  const yourData = page.getByRole('region', { name: 'Your data' });

  const downloadStarts = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloadStarts;
  expect(download.suggestedFilename()).toBe('teacheast-data.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { email: string } };
  expect(exported.account.email).toBe(user.email);

  await yourData.getByLabel('Current password').fill('not-my-password');
  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  await expect(yourData.getByText('The password is not right.')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await yourData.getByLabel('Current password').fill(user.password);
  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account and its data have been deleted.' }),
  ).toBeVisible();
  await expect(mainNav.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
  const login = await request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(login.ok()).toBe(false);
});
