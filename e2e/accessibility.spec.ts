// axe finds no violations on the account and public pages, in the states people actually see.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

const PAGES: [string, string][] = [
  ['/', 'Teach in East and Southeast Asia'],
  ['/register', 'Create your account'],
  ['/login', 'Log In'],
  ['/forgot-password', 'Forgot password'],
  ['/change-password/some-token', 'Choose a new password'],
  ['/contact-us', 'Contact Us'],
  ['/terms-of-service', 'Terms of Service'],
  ['/about-us', 'About Us'],
  ['/confirmation/some-token', 'Confirm your e-mail'],
  ['/job-alerts/confirm/some-token', 'Start your job alert'],
];

for (const [path, heading] of PAGES) {
  test(`no axe violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoViolations(page, path);
  });
}

test('no axe violations on forms showing their errors', async ({ page }) => {
  const forms: [string, string][] = [
    ['/register', 'Sign up'],
    ['/login', 'Log In'],
    ['/forgot-password', 'Send email'],
    ['/contact-us', 'Send'],
    ['/change-password/some-token', 'Reset Password'],
  ];
  for (const [path, submit] of forms) {
    await page.goto(path);
    await page.getByRole('main').getByRole('button', { name: submit, exact: true }).click();
    await expect(page.getByText('Required').first()).toBeVisible();
    await expectNoViolations(page, `${path} with errors`);
  }
});

test('no axe violations on a phone with the menu and the countries open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Countries' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vietnam' })).toBeVisible();
  await expectNoViolations(page, 'the phone menu');
});

test('no axe violations for a logged-in user', async ({ page, accounts }) => {
  const user = await accounts.createConfirmedUser('a11y');
  await accounts.logInAs(page, user);
  await page.goto('/contact-us');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expectNoViolations(page, '/contact-us logged in');
});

test('a confirmation link is confirmed with the keyboard alone', async ({ page, baseURL }) => {
  await page.goto('/confirmation/some-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Confirm my e-mail' });
  for (let i = 0; i < 30 && !(await button.evaluate((b) => b === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  // A made-up token is refused: the message is shown and the visitor goes home.
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByText(/not valid|expired/i)).toBeVisible();
});
