// Resume privacy end to end (BEYOND §11): a teacher keeps their resume to the schools they apply to,
// from the account page and with the keyboard alone; a Resume Board subscriber no longer finds it or
// opens it; the school the teacher applied to opens it from its applicants; and the teacher sees that
// school under "Who viewed my resume". axe on the account page as a teacher sees it.
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test, waitingForTheApp, type Accounts, type TestUser } from './fixtures';
import { expectNoViolations } from './axe';
import { tabTo } from './keyboard';
import { publishJob } from './publish-job';

/** A member's own calls with their session: they must succeed; their JSON answer. */
async function sessionOf(request: APIRequestContext, user: TestUser) {
  const login = await request.post('/api/login', { data: user });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${login.headers()['auth-token']!}` };
  const uuid = ((await login.json()) as { currentUser: { uuid: string } }).currentUser.uuid;
  const call = async (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, data?: unknown) => {
    const res = await request.fetch(url, { method, headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  return { uuid, call };
}

/**
 * The teacher's resume, filled in and published as the wizard does; its uuid. Filters no other
 * journey uses (a New Zealander with a PhD, for children in Taiwan), so the board's first page
 * holds it.
 */
async function publishResume(request: APIRequestContext, teacher: TestUser, name: string): Promise<string> {
  const { uuid, call } = await sessionOf(request, teacher);
  await call('PUT', `/api/post-resume/details/${uuid}`, {
    name,
    email: teacher.email,
    nationality: 'New Zealand',
    education: 'Phd',
    experience: '7',
    desiredCountry: 'Taiwan',
    desiredStartDate: 'August',
    desiredAgeGroup: 'Children',
  });
  await call('PATCH', `/api/post-resume/resume/${uuid}`, { resumeHtml: '<p>Seven years teaching young learners.</p>' });
  await call('POST', `/api/post-resume/publish/${uuid}`);
  const resume = await call('GET', `/api/post-resume/preview/${uuid}`);
  return resume.uuid as string;
}

const BOARD_SEARCH = '/resume-board?nationality=New+Zealand&education=Phd&desiredCountry=Taiwan&page=1';

/** A Resume Board subscription paid with the test card, as the checkout does. */
async function subscribe(request: APIRequestContext, subscriber: TestUser) {
  const { uuid, call } = await sessionOf(request, subscriber);
  const intent = await call('POST', '/api/sub-intent/', { userUuid: uuid });
  const method = await call('POST', '/api/test-payments/payment-methods', {
    card: { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' },
  });
  const paid = await call('POST', '/api/sub-payment', {
    customerId: intent.customerId,
    paymentMethodId: method.id,
    userUuid: uuid,
  });
  expect(paid.status).toBe('active');
}

/** A page in its own browser context, logged in as `user`. */
async function pageFor(browser: Browser, baseURL: string, accounts: Accounts, user: TestUser) {
  const context = await browser.newContext({ baseURL });
  const page = waitingForTheApp(await context.newPage());
  await accounts.logInAs(page, user);
  return { page, context };
}

test('a teacher keeps the resume to the schools applied to; the board loses it, the school opens it and is listed', async ({
  page,
  browser,
  request,
  accounts,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const teacherName = `Aroha Privacy ${suffix}`;
  const schoolName = `Taipei Little Stars ${suffix}`;

  // A school with a profile and a live job; a teacher with a published resume; a subscriber.
  const school = await accounts.createConfirmedUser('privacy-school');
  const jobId = await publishJob(request, school, {
    details: {
      title: 'Kindergarten English Teacher',
      companyName: schoolName,
      country: 'taiwan',
      city: 'Taipei City',
      pay: '65,000 TWD per month',
      ageGroup: 'Children',
      duration: '12',
    },
    descriptionHTML: '<p>Small classes of young learners.</p>',
  });
  const schoolSession = await sessionOf(request, school);
  const { school: profile } = (await schoolSession.call('POST', '/api/schools', {
    name: schoolName,
    country: 'taiwan',
    city: 'Taipei City',
    kind: 'kindergarten',
  })) as { school: { slug: string } };

  const teacher = await accounts.createConfirmedUser('privacy-teacher');
  const resumeUuid = await publishResume(request, teacher, teacherName);

  const subscriberUser = await accounts.createConfirmedUser('privacy-subscriber');
  await subscribe(request, subscriberUser);
  const subscriber = await pageFor(browser, baseURL!, accounts, subscriberUser);
  await subscriber.page.goto(BOARD_SEARCH);
  await expect(subscriber.page.getByRole('link', { name: teacherName })).toBeVisible();

  // The teacher's account opens on what a teacher has: applications, then the resume.
  await accounts.logInAs(page, teacher);
  await page.goto('/account');
  const sections = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(sections.first()).toHaveText('Your applications');
  await expect(sections.nth(1)).toHaveText('Your resume');
  const yourResume = page.getByRole('region', { name: 'Your resume' });
  await expect(yourResume.getByText('Published.')).toBeVisible();
  await expect(yourResume.getByText('No school has opened your resume yet.')).toBeVisible();
  const form = yourResume.getByRole('form', { name: 'Who sees your resume' });
  const board = form.getByRole('radio', { name: 'On the resume board' });
  await expect(board).toBeChecked();
  await expectNoViolations(page, 'the account page of a teacher');

  // With the keyboard alone: the choice, a domain added, a mistyped one removed, then Save.
  const onlyApplied = form.getByRole('radio', { name: 'Only the schools I apply to' });
  await tabTo(page, board);
  await page.keyboard.press('ArrowDown');
  await expect(onlyApplied).toBeChecked();
  await expect(onlyApplied).toBeFocused();
  const addField = form.getByRole('textbox', { name: 'Domain or e-mail address to hide from' });
  await tabTo(page, addField);
  await page.keyboard.type('hr@Rival-Agency.example');
  await page.keyboard.press('Enter');
  await page.keyboard.type('typo.exampel');
  await page.keyboard.press('Enter');
  const hidden = form.getByRole('list', { name: 'Hidden domains' });
  await expect(hidden.getByRole('listitem')).toHaveText([/rival-agency\.example/, /typo\.exampel/]);
  const removeTypo = hidden.getByRole('button', { name: 'Remove typo.exampel' });
  await tabTo(page, removeTypo);
  await page.keyboard.press('Enter');
  await expect(hidden.getByRole('listitem')).toHaveText([/rival-agency\.example/]);
  await expect(addField).toBeFocused();
  await tabTo(page, form.getByRole('button', { name: 'Save privacy' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Your resume’s privacy is saved.' })).toBeVisible();
  await expectNoViolations(page, 'the account page of a teacher, privacy saved');

  const teacherSession = await sessionOf(request, teacher);
  expect(await teacherSession.call('GET', `/api/post-resume/privacy/${teacherSession.uuid}`)).toEqual({
    visibility: 'applications_only',
    hiddenFromDomains: ['rival-agency.example'],
  });

  // The subscriber no longer finds the resume on the board, nor opens it by its link.
  await subscriber.page.reload();
  await expect(subscriber.page.getByText('Sorry, there are no results for this criteria.')).toBeVisible();
  await expect(subscriber.page.getByRole('link', { name: teacherName })).toHaveCount(0);
  await subscriber.page.goto(`/resume/${resumeUuid}`);
  await expect(subscriber.page.getByRole('heading', { level: 1, name: 'Resume not found' })).toBeVisible();
  await expect(subscriber.page.getByText(teacherName)).toHaveCount(0);
  await subscriber.context.close();

  // The teacher applies; the school opens the resume from its applicants.
  await teacherSession.call('POST', `/api/jobs/${jobId}/applications`, {
    coverLetter: 'I have taught young learners for seven years.',
  });
  const employer = await pageFor(browser, baseURL!, accounts, school);
  await employer.page.goto(`/job/applicants/${jobId}`);
  await employer.page
    .getByRole('list', { name: 'Applicants' })
    .getByRole('button', { name: new RegExp(teacherName) })
    .click();
  const resumeHref = await employer.page.getByRole('link', { name: /Open resume/ }).getAttribute('href');
  expect(resumeHref).toBe(`/resume/${resumeUuid}`);
  await employer.page.goto(resumeHref!);
  await expect(employer.page.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
  await employer.context.close();

  // The teacher sees that school, and only it, under "Who viewed my resume", with a link to its page.
  await page.goto('/account');
  const viewers = page.getByRole('list', { name: 'Who viewed my resume' });
  await expect(viewers.getByRole('listitem')).toHaveCount(1);
  await expect(viewers.getByRole('link', { name: schoolName })).toHaveAttribute('href', `/schools/${profile.slug}`);
  await expect(page.getByRole('region', { name: 'Your applications' }).getByText(schoolName).first()).toBeVisible();
  await expectNoViolations(page, 'the account page of a teacher with an application and a view');
});
