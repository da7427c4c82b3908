// axe finds no violations on the account and public pages, in the states people actually see.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { JobTerms } from '@teacheast/shared';
import { expect, test } from './fixtures';
import { tabTo } from './keyboard';
import { draftJob, publishJob, type JobToPublish } from './publish-job';

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * WCAG 2.2 A and AA, and axe's best practices (what the default run above checks). Named tags switch
 * on the rules axe leaves off by default, such as WCAG 2.2's target size.
 */
const WCAG_22_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

async function expectNoWcag22Violations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_TAGS).analyze();
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
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  // A made-up token is refused: the message is shown and the visitor goes home.
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByText(/not valid|expired/i)).toBeVisible();
});

/** A job in South Korea; each test posts in a city of its own, so its searches see only its jobs. */
function koreanJob(city: string, title: string, companyName: string, terms?: JobTerms): JobToPublish {
  return {
    details: { title, companyName, country: 'south-korea', city, pay: '', ageGroup: 'Adults', duration: '12' },
    descriptionHTML: `<p>${title} at ${companyName}.</p>`,
    terms,
  };
}

const PROVIDED_HOUSING: JobTerms = {
  salary: { currency: 'KRW', min: 2_400_000, max: 2_800_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  officeHoursPerWeek: 40,
  housing: 'provided',
  flights: 'paid',
  visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'school' },
  vacationDays: 15,
  healthInsurance: 'full',
  severance: 'legal',
  splitShift: false,
  saturdays: 'never',
};

const HOUSING_ALLOWANCE: JobTerms = {
  salary: { currency: 'KRW', min: 30_000, period: 'hour', basis: 'net' },
  teachingHoursPerWeek: 20,
  housing: 'allowance',
  housingAllowance: 500_000,
  flights: 'none',
  visa: { sponsored: false },
  vacationDays: 10,
  healthInsurance: 'partial',
  splitShift: true,
  saturdays: 'some',
};

test('no axe violations (WCAG 2.2 A and AA) on /compare with two jobs', async ({ page, request, accounts }) => {
  const school = await accounts.createConfirmedUser('a11y-compare');
  const first = await publishJob(
    request,
    school,
    koreanJob('Daegu', 'Adult Conversation Teacher', 'Daegu Lakeside', PROVIDED_HOUSING),
  );
  const second = await publishJob(
    request,
    school,
    koreanJob('Daegu', 'Business English Tutor', 'Daegu Tower', HOUSING_ALLOWANCE),
  );
  await page.goto(`/compare?ids=${first},${second}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare jobs' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Differs');
  await expectNoWcag22Violations(page, '/compare with two jobs');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoWcag22Violations(page, '/compare with two jobs on a phone');
});

test('no axe violations (WCAG 2.2 A and AA) on the wizard’s Pay and Conditions step', async ({
  page,
  request,
  accounts,
}) => {
  const school = await accounts.createConfirmedUser('a11y-terms');
  await accounts.logInAs(page, school);
  const draft = await draftJob(request, school, koreanJob('Daejeon', 'Kindergarten Teacher', 'Daejeon Hills'));
  await page.goto(`/post-job/stepper/terms/${draft.uuid}`);
  await expect(page.getByRole('heading', { name: 'Pay and Conditions' })).toBeVisible();
  await expectNoWcag22Violations(page, 'the blank Pay and Conditions step');

  // Every field shown (the allowance, the permit, who pays), then every message.
  await page
    .getByRole('group', { name: 'Housing', exact: true })
    .getByRole('radio', { name: 'Housing allowance' })
    .check();
  await page
    .getByRole('group', { name: 'Does the school sponsor the work visa?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await expect(page.getByLabel('Work permit')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page
      .getByText('Enter the monthly housing allowance')
      .or(page.getByText(/must be a whole number/))
      .first(),
  ).toBeVisible();
  await expectNoWcag22Violations(page, 'the Pay and Conditions step with its errors');
});

test('no axe violations (WCAG 2.2 A and AA) on /jobs with More filters open', async ({ page, request, accounts }) => {
  const school = await accounts.createConfirmedUser('a11y-filters');
  await publishJob(
    request,
    school,
    koreanJob('Gwangju', 'Adult Conversation Teacher', 'Gwangju Riverside', PROVIDED_HOUSING),
  );
  await publishJob(
    request,
    school,
    koreanJob('Gwangju', 'Business English Tutor', 'Gwangju Station', HOUSING_ALLOWANCE),
  );
  await publishJob(request, school, koreanJob('Gwangju', 'Phonics Teacher', 'Gwangju Without Sheet'));

  await page.goto('/jobs?country=south-korea&city=Gwangju&page=1');
  await page.locator('summary').filter({ hasText: 'More filters' }).click();
  await expect(page.getByRole('checkbox', { name: 'Housing or a housing allowance' })).toBeVisible();
  await expectNoWcag22Violations(page, '/jobs with More filters open');

  // Filters on: the panel opens by itself, the tiles show their pay and badges.
  await page.goto('/jobs?country=south-korea&city=Gwangju&housing=1&maxTeachingHours=25&page=1');
  await expect(page.getByRole('checkbox', { name: 'Housing or a housing allowance' })).toBeChecked();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
  await expectNoWcag22Violations(page, '/jobs with filters on');

  // A minimum pay that is not a number: its message.
  await page.getByLabel('Minimum pay a month, in KRW').fill('lots');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Enter a whole number from 1 to 1,000,000,000')).toBeVisible();
  await expectNoWcag22Violations(page, '/jobs with a wrong minimum pay');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/jobs?country=south-korea&city=Gwangju&visa=1&page=1');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  await expectNoWcag22Violations(page, '/jobs with filters on a phone');
});

test('no axe violations (WCAG 2.2 A and AA) on /jobs with "Can I take these jobs?" open and on a posting’s "Visa and eligibility"', async ({
  page,
  request,
  accounts,
}) => {
  const school = await accounts.createConfirmedUser('a11y-eligibility');
  const e2Job = await publishJob(
    request,
    school,
    koreanJob('Suwon', 'Adult Conversation Teacher', 'Suwon Riverside', PROVIDED_HOUSING),
  );
  await publishJob(request, school, koreanJob('Suwon', 'Phonics Teacher', 'Suwon Without Sheet'));

  await page.goto('/jobs?country=south-korea&city=Suwon&page=1');
  const panel = page.getByRole('region', { name: 'Can I take these jobs?' });
  const toggle = panel.getByRole('button', { name: 'Answer the questions' });
  // The panel's code arrives a moment after the page is the app's: pressed again until it opens.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
  const form = panel.getByRole('form', { name: 'Can I take these jobs?' });
  await form.getByLabel('Passport', { exact: true }).selectOption('PH');
  await expect(form.getByLabel('Second passport (optional)')).toBeVisible();
  await expectNoWcag22Violations(page, '/jobs with the four questions open');

  // Wrong answers: their messages.
  await form.getByLabel('TEFL certificate, in hours').fill('lots');
  await form.getByLabel('Years of teaching').fill('99');
  await form.getByRole('button', { name: 'Save my answers' }).click();
  await expect(form.getByText('TEFL hours must be a whole number')).toBeVisible();
  await expectNoWcag22Violations(page, '/jobs with wrong answers');

  // Answered: the badges, the switch, the rules' date and sources.
  await form.getByLabel('Highest degree').selectOption('bachelor');
  await form.getByLabel('TEFL certificate, in hours').fill('120');
  await form.getByLabel('Years of teaching').fill('1');
  await form.getByRole('button', { name: 'Save my answers' }).click();
  await expect(page.getByRole('main').getByRole('article').getByText('Not for your passport')).toBeVisible();
  await panel.getByText('Where the rules come from').click();
  await expectNoWcag22Violations(page, '/jobs with answers, badges and the rules’ sources');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoWcag22Violations(page, '/jobs with answers on a phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto(`/posting/${e2Job}`);
  const visa = page.getByRole('region', { name: 'Visa and eligibility' });
  await expect(visa).toContainText('Not for your passport');
  await expectNoWcag22Violations(page, 'a posting’s Visa and eligibility with a result');

  // Without answers: the questions asked right there.
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  const answerHere = visa.getByRole('button', { name: 'Answer the questions' });
  await answerHere.click();
  await expect(visa.getByLabel('Highest degree')).toBeVisible();
  await expectNoWcag22Violations(page, 'a posting’s Visa and eligibility asking the questions');
});
