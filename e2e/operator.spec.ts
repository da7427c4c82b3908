// Trust and safety end to end (BEYOND §9): three teachers report a job that asks for money, the job
// is held and leaves search, an operator opens the console, removes the job, and the audit log shows
// it; the console passes axe in each state, and to anyone else it is the not-found page.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type TestUser } from './fixtures';
import { expectNoViolations } from './axe';
import { publishJob } from './publish-job';

/** The console's address (paths.operator() in the web app). */
const OPERATOR_PATH = '/operator';

/** WCAG 2.2 A and AA, and axe's best practices, as accessibility.spec.ts checks them. */
/** Letters only, so the keyword search reads it as one word that no other job has. */
function uniqueWord(): string {
  return Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

async function sessionToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const login = await request.post('/api/login', { data: user });
  expect(login.status(), await login.text()).toBe(200);
  return login.headers()['auth-token']!;
}

const tiles = (page: Page) => page.getByRole('main').getByRole('article');

test('three teachers report a job, it leaves search, and an operator removes it from the console', async ({
  page,
  request,
  accounts,
  mailbox,
  appServer,
}) => {
  const word = uniqueWord();
  // Other specs report jobs at the same time: this job's title is its own, so its cards are found among theirs.
  const title = `Business English Teacher ${word}`;
  const companyName = `Quickstart ${word} Academy`;
  const school = await accounts.createConfirmedUser('held-school');
  const jobId = await publishJob(request, school, {
    details: {
      title,
      companyName,
      country: 'vietnam',
      city: 'Hanoi',
      pay: '2,000 USD per month',
      ageGroup: 'Adults',
      duration: '12',
    },
    descriptionHTML: '<p>Teach business English to adults in central Hanoi.</p>',
  });
  const search = `/jobs?country=vietnam&q=${word}&page=1`;
  await page.goto(search);
  await expect(tiles(page)).toHaveCount(1);

  // Three confirmed teachers report it for asking for money; the third report holds it.
  const reporters = [
    await accounts.createConfirmedUser('reporter'),
    await accounts.createConfirmedUser('reporter'),
    await accounts.createConfirmedUser('reporter'),
  ];
  for (const [i, reporter] of reporters.entries()) {
    const reported = await request.post(`/api/jobs/${jobId}/reports`, {
      headers: { authorization: `Bearer ${await sessionToken(request, reporter)}` },
      data: { reason: 'asks_for_money', details: `The school asked me for a visa fee of ${200 + i * 100} USD.` },
    });
    expect(reported.status(), await reported.text()).toBe(201);
  }
  await mailbox.waitForMail(school.email, /under review/);
  await page.goto(search);
  await expect(page.getByText('Sorry, there are no results for this criteria.')).toBeVisible();
  await expect(tiles(page)).toHaveCount(0);

  // An operator, made by the admin command, opens the console.
  const operator = await accounts.createConfirmedUser('operator');
  expect(await appServer.admin('operators', 'add', operator.email)).toContain(`${operator.email} is now an operator.`);
  await accounts.logInAs(page, operator);
  await page.goto(OPERATOR_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${operator.email}`)).toBeVisible();
  const reportsPanel = page.getByRole('tabpanel', { name: 'Reports' });
  const reportCards = reportsPanel.getByRole('article', { name: title });
  await expect(reportCards).toHaveCount(3);
  await expect(reportCards.first()).toContainText('Asks teachers for money');
  await expect(reportCards.first()).toContainText(reporters[0]!.email);
  await expect(reportCards.first()).toContainText('Open reports of this job3');
  await expect(reportCards.first().getByRole('link', { name: title })).toHaveAttribute('href', `/posting/${jobId}`);
  await expectNoViolations(page, 'the report queue');

  // The held job is under Held jobs: the keyboard alone moves there.
  await page.getByRole('tab', { name: 'Reports' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Held jobs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/operator\?tab=held-jobs$/);
  const heldCard = page.getByRole('tabpanel', { name: 'Held jobs' }).getByRole('article', { name: title });
  await expect(heldCard).toContainText(companyName);
  await expect(heldCard.getByRole('button', { name: `Release job: ${title}` })).toBeVisible();
  await expectNoViolations(page, 'the held jobs');

  // Back to the reports: removing asks first, and goes through by the keyboard alone.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  await reportCards.first().getByLabel('Note for the audit log (optional)').fill('Asks for a visa fee: a scam');
  await reportCards
    .first()
    .getByRole('button', { name: `Remove job: ${title}` })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Remove “${title}”?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This report and the 2 other open reports of the job are closed.');
  await expect(dialog).toContainText('Your note: Asks for a visa fee: a scam');
  await expectNoViolations(page, 'the removal dialog');
  const confirm = dialog.getByRole('button', { name: `Remove job: ${title}` });
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `“${title}” is removed.` })).toBeVisible();
  await expect(reportCards).toHaveCount(0);
  await mailbox.waitForMail(school.email, /Your posting was removed/);

  // The audit log shows who removed what, when, with the note.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('table', { name: /^Operator actions, newest first/ });
  const removal = audit.getByRole('row').filter({ hasText: 'Removed a job after a report' }).filter({ hasText: jobId });
  await expect(removal).toHaveCount(1);
  await expect(removal).toContainText(operator.email);
  await expect(removal).toContainText('Asks for a visa fee: a scam');
  await expect(removal.getByRole('link', { name: `Job ${jobId}` })).toHaveAttribute('href', `/posting/${jobId}`);
  await expect(audit.getByRole('row').filter({ hasText: 'Made an account an operator' }).first()).toContainText(
    'admin command',
  );
  await expectNoViolations(page, 'the audit log');

  // Removed for good: still out of search.
  await page.goto(search);
  await expect(page.getByText('Sorry, there are no results for this criteria.')).toBeVisible();
});

test('the console is the not-found page to anyone who is not an operator', async ({ page, request, accounts }) => {
  expect((await request.get('/api/operator/me')).status()).toBe(404);
  await page.goto(OPERATOR_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  const teacher = await accounts.createConfirmedUser('not-operator');
  const token = await accounts.logInAs(page, teacher);
  const me = await request.get('/api/operator/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(404);
  await page.goto(OPERATOR_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('main').getByText(/operator/i)).toHaveCount(0);
  await expectNoViolations(page, `${OPERATOR_PATH} for a member`);
});
