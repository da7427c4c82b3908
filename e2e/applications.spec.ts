// Applying on site end to end: a teacher with a published resume applies from the posting page, the
// school opens its applicants, reads the resume and shortlists, and the teacher sees the new stage
// and gets the mail.
import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitingForTheApp, type TestUser } from './fixtures';
import { publishJob } from './publish-job';

async function publishResume(request: APIRequestContext, teacher: TestUser, name: string) {
  const login = await request.post('/api/login', { data: { email: teacher.email, password: teacher.password } });
  const headers = { authorization: `Bearer ${login.headers()['auth-token']!}` };
  const userId = ((await login.json()) as { currentUser: { uuid: string } }).currentUser.uuid;
  const call = async (method: 'put' | 'patch' | 'post', url: string, data?: unknown) => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  };
  await call('put', `/api/post-resume/details/${userId}`, {
    name,
    email: teacher.email,
    nationality: 'Canada',
    education: 'Bachelors',
    experience: '4',
    desiredCountry: 'Vietnam',
    desiredStartDate: 'April',
    desiredAgeGroup: 'Adults',
  });
  await call('patch', `/api/post-resume/resume/${userId}`, {
    resumeHtml: '<p>Four years teaching business English.</p>',
  });
  await call('post', `/api/post-resume/publish/${userId}`);
}

test('a teacher applies, the school shortlists, and the teacher follows it', async ({
  page,
  browser,
  request,
  accounts,
  mailbox,
  baseURL,
}) => {
  const school = await accounts.createConfirmedUser('apply-school');
  const jobId = await publishJob(request, school, {
    details: {
      title: 'Business English Lecturer',
      companyName: 'Saigon Language Institute',
      country: 'vietnam',
      city: 'Ho Chi Minh City',
      pay: '2,200 USD per month',
      ageGroup: 'Adults',
      duration: '12',
    },
    descriptionHTML: '<p>University-level business English.</p>',
  });
  const teacher = await accounts.createConfirmedUser('apply-teacher');
  await publishResume(request, teacher, 'Robin Applicant');

  // The teacher applies from the posting page.
  await accounts.logInAs(page, teacher);
  await page.goto(`/posting/${jobId}`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply to Saigon Language Institute' });
  await dialog.getByLabel('Cover letter (optional)').fill('I have taught business English for four years.');
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Application sent to Saigon Language Institute.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Applied' })).toBeDisabled();
  const notice = await mailbox.waitForMail('hr@school.example', /New application: Robin Applicant/);
  expect(notice.text).toContain('I have taught business English for four years.');
  expect(notice.links).toContain(`${baseURL}/job/applicants/${jobId}`);

  // The school, in its own browser, opens the applicant, reads the resume and shortlists.
  const context = await browser.newContext({ baseURL });
  const schoolPage = waitingForTheApp(await context.newPage());
  await accounts.logInAs(schoolPage, school);
  await schoolPage.goto(`/job/applicants/${jobId}`);
  await schoolPage
    .getByRole('list', { name: 'Applicants' })
    .getByRole('button', { name: /Robin Applicant/ })
    .click();
  const applicant = schoolPage.getByRole('region', { name: /Robin Applicant/ });
  await expect(applicant.getByText('Status: Viewed')).toBeVisible();
  await expect(applicant.getByText('I have taught business English for four years.')).toBeVisible();
  const resumeHref = await applicant.getByRole('link', { name: /Open resume/ }).getAttribute('href');
  await applicant.getByRole('button', { name: 'Shortlist' }).click();
  await expect(applicant.getByText('Status: Shortlisted')).toBeVisible();
  // No resume board subscription, yet the applicant's resume opens.
  await schoolPage.goto(resumeHref!);
  await expect(schoolPage.getByRole('heading', { name: 'Robin Applicant' })).toBeVisible();
  await context.close();

  // The teacher sees the stage and its history, and got the mail.
  await page.goto('/account/applications');
  const mine = page.getByRole('list', { name: 'Your applications' });
  await expect(mine.getByText('Status: Shortlisted')).toBeVisible();
  const stages = mine.getByRole('list', { name: /Stages of your application/ }).getByRole('listitem');
  await expect(stages).toHaveCount(3);
  await expect(stages.nth(0)).toContainText('Submitted');
  await expect(stages.nth(1)).toContainText('Viewed');
  await expect(stages.nth(2)).toContainText('Shortlisted');
  const mail = await mailbox.waitForMail(teacher.email, /shortlisted/);
  expect(mail.subject).toBe('Your application for Business English Lecturer at Saigon Language Institute: shortlisted');
});
