// Trust and safety on the site (BEYOND §9): a visitor reports a posting through its dialog with the
// keyboard alone; a held job's page says "Under review", without contact details, and is not indexed;
// a school publishing "native speakers only" is shown the warning as it writes and at publish, ticks it
// and publishes anyway. axe checks the open dialog, /safety and the wizard's warning.
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type TestUser } from './fixtures';
import { expectNoViolations } from './axe';
import { tabTo } from './keyboard';
import { draftJob, publishJob } from './publish-job';

const THANKS = 'Thank you. TeachEast will look at this job.';
const SAFETY_LINE = 'TeachEast never asks teachers for money.';

async function sessionToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const login = await request.post('/api/login', { data: user });
  expect(login.status(), await login.text()).toBe(200);
  return login.headers()['auth-token']!;
}

const HANOI_JOB = {
  title: 'Business English Teacher',
  companyName: 'Old Quarter Language School',
  country: 'vietnam',
  city: 'Hanoi',
  pay: '2,000 USD per month',
  ageGroup: 'Adults',
  duration: '12',
};

test('a visitor reports a posting with the keyboard alone, and the report reaches the operators', async ({
  page,
  request,
  accounts,
  appServer,
}) => {
  const school = await accounts.createConfirmedUser('reported-school');
  const jobId = await publishJob(request, school, {
    details: HANOI_JOB,
    descriptionHTML: '<p>Teach business English to adults in the Old Quarter.</p>',
  });

  await page.goto(`/posting/${jobId}`);
  const details = page.getByRole('complementary', { name: 'Job details' });
  await expect(details.getByText(SAFETY_LINE)).toBeVisible();
  await expect(details.getByRole('link', { name: 'How to spot a job scam' })).toHaveAttribute('href', '/safety');

  // Tab to "Report this job" and open it with Enter: the form loads, its first reason takes the focus.
  const reportButton = details.getByRole('button', { name: 'Report this job' });
  await tabTo(page, reportButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Report this job' });
  await expect(dialog).toBeVisible();
  const firstReason = dialog.getByRole('radio', { name: 'Asks teachers for money' });
  await expect(firstReason).toBeFocused();
  await expectNoViolations(page, 'the open report dialog');

  // Sent empty: the reason and the details say what they need, and the focus goes back to the reason.
  const detailsBox = dialog.getByRole('textbox', { name: 'What did you see?' });
  const send = dialog.getByRole('button', { name: 'Send report' });
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('group', { name: 'What is wrong?' })).toContainText('Required');
  await expect(detailsBox).toHaveAttribute('aria-invalid', 'true');
  await expect(firstReason).toBeFocused();
  await expectNoViolations(page, 'the report dialog showing its errors');

  // Arrows move through the reasons and tick them; Tab leaves the group for the details.
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Wrong or no work visa' })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(firstReason).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(detailsBox).toBeFocused();
  const whatISaw = 'They asked me for a placement fee of 500 USD before the interview.';
  await page.keyboard.type(whatISaw);
  await expect(dialog.getByText(`${whatISaw.length} of 2,000 characters`)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText(THANKS)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reportButton).toBeFocused();

  // The operators' queue holds it, made without an account.
  const operator = await accounts.createConfirmedUser('report-operator');
  expect(await appServer.admin('operators', 'add', operator.email)).toContain('is now an operator');
  const queue = await request.get('/api/operator/reports', {
    headers: { authorization: `Bearer ${await sessionToken(request, operator)}` },
  });
  expect(queue.status(), await queue.text()).toBe(200);
  const { reports } = (await queue.json()) as {
    reports: { reason: string; details: string; reporterEmail: string | null; job: { uuid: string } }[];
  };
  expect(reports.filter((report) => report.job.uuid === jobId)).toEqual([
    expect.objectContaining({
      reason: 'asks_for_money',
      details: whatISaw,
      reporterEmail: null,
    }),
  ]);

  // The page the line links to, on the common scams, passes axe too.
  await page.goto('/safety');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, '/safety');
});

test('a held job’s page says "Under review", shows no way to reach the school, and is not indexed', async ({
  page,
  request,
  accounts,
  mailbox,
}) => {
  const school = await accounts.createConfirmedUser('held-school');
  const jobId = await publishJob(request, school, {
    details: { ...HANOI_JOB, companyName: 'West Lake English', phone: '+84 24 1234 5678' },
    descriptionHTML: '<p>Teach adults by West Lake.</p>',
  });
  for (let i = 0; i < 3; i++) {
    const reporter = await accounts.createConfirmedUser('held-reporter');
    const reported = await request.post(`/api/jobs/${jobId}/reports`, {
      headers: { authorization: `Bearer ${await sessionToken(request, reporter)}` },
      data: { reason: 'fake_school', details: 'There is no such school at this address in Hanoi.' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
  }
  await mailbox.waitForMail(school.email, /under review/);

  await page.goto(`/posting/${jobId}`);
  await expect(page.getByRole('status').filter({ hasText: 'Under review.' })).toContainText(
    'Teachers reported this job and TeachEast is looking at it. It is not taking applications.',
  );
  await expect(page.getByText('This job is closed.')).toHaveCount(0);
  const details = page.getByRole('complementary', { name: 'Job details' });
  await expect(details.getByText(SAFETY_LINE)).toBeVisible();
  await expect(details.getByText('E-mail', { exact: true })).toHaveCount(0);
  await expect(details.getByText('Phone', { exact: true })).toHaveCount(0);
  await expect(page.getByText('hr@school.example')).toHaveCount(0);
  await expect(details.getByRole('link', { name: 'Log in to apply' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Report this job' })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoViolations(page, 'a held posting');
});

test('a school writing "native speakers only" sees the warning, ticks it and publishes anyway', async ({
  page,
  request,
  accounts,
}) => {
  const school = await accounts.createConfirmedUser('warned-school');
  const draft = await draftJob(request, school, {
    details: { ...HANOI_JOB, companyName: 'Hoan Kiem Academy' },
    descriptionHTML: '<p>Native speakers only. Small classes and friendly colleagues.</p>',
  });
  await accounts.logInAs(page, school);

  // The description step reads the words it opens with, and what the school types, after a pause.
  await page.goto(`/post-job/stepper/description/${draft.uuid}`);
  const warning = page.getByRole('listitem').filter({ hasText: 'Please check:' });
  await expect(warning).toContainText('Native speakers only.');
  await expect(warning).toContainText('must qualify for');
  const editor = page.getByRole('textbox', { name: 'Job description' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' There is a placement fee of 500 USD.');
  await expect(page.getByRole('listitem').filter({ hasText: 'This will be refused:' })).toContainText(
    'placement fee of 500 USD',
  );
  await expect(editor).toBeFocused();

  // Those words are left unsaved; the preview publishes the draft as it was saved.
  await page.goto(`/post-job/stepper/preview/${draft.uuid}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Please check before you go on' });
  await expect(panel.getByRole('heading', { name: 'Please check before you go on' })).toBeFocused();
  const group = panel.getByRole('group', { name: /Native speakers only/ });
  await expect(group).toContainText('"Native speaker" shuts out teachers');
  const publishAnyway = panel.getByRole('button', { name: 'Publish anyway' });
  await expect(publishAnyway).toBeDisabled();
  await expectNoViolations(page, 'the publish warning');

  await group.getByRole('checkbox', { name: 'I have read this and want to publish as it is' }).check();
  await expect(publishAnyway).toBeEnabled();
  await publishAnyway.click();
  await expect(page.getByText(/Your job is published!/)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/published$/);

  // Live, with the words the school kept.
  const posting = await request.get(`/api/job/${draft.uuid}`);
  const { job } = (await posting.json()) as { job: { status: string; descriptionHTML: string } };
  expect(job.status).toBe('published');
  expect(job.descriptionHTML).toContain('Native speakers only.');
});
