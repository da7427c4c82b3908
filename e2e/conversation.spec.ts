// The hiring conversation end to end (BEYOND §10): a school in Seoul proposes interview times, the
// teacher sees a message waiting, accepts a time, and both get the calendar invitation by mail; the
// school offers less than its ad, and the teacher sees the difference marked before accepting. Then
// the same times read from New York, a day earlier; and the messages and the choice of a time with the
// keyboard alone. axe checks the page for both parties.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { JobTerms } from '@teacheast/shared';
import { expect, test, waitingForTheApp, type Accounts, type TestUser } from './fixtures';
import { expectNoViolations } from './axe';
import { tabTo } from './keyboard';
import { publishJob } from './publish-job';

const DAY = 86_400_000;
const CONTACT = 'hr@school.example';

/** The ad's contract sheet: a salary range the offer will go below, housing provided. */
const TERMS: JobTerms = {
  salary: { currency: 'KRW', min: 2_500_000, max: 2_800_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  housing: 'provided',
  flights: 'paid',
  visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'school' },
  vacationDays: 14,
  healthInsurance: 'full',
  severance: 'legal',
  splitShift: false,
  saturdays: 'never',
};

/** Letters no other test's titles hold, so this test's job and its mail are its own. */
function uniqueWord(): string {
  return Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** The calendar day `days` from now on the clocks of `timeZone`: "2026-12-03". */
function dayIn(timeZone: string, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now() + days * DAY);
}

/**
 * A moment in `timeZone` as the page words its times ("Thu 10 Dec, 11:00"), by the browser's own Intl
 * told the zone outright: the page, told nothing, must find its zone in the browser's settings.
 */
function wordsIn(page: Page, ms: number, timeZone: string): Promise<string> {
  return page.evaluate(
    ([moment, zone]) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(moment),
    [ms, timeZone] as const,
  );
}

/** A session's token and uuid, through the same login the web app uses. */
async function logIn(request: APIRequestContext, user: TestUser) {
  const login = await request.post('/api/login', { data: user });
  expect(login.status(), await login.text()).toBe(200);
  const uuid = ((await login.json()) as { currentUser: { uuid: string } }).currentUser.uuid;
  return { headers: { authorization: `Bearer ${login.headers()['auth-token']!}` }, uuid };
}

/** A teacher with a published resume who has applied to `jobUuid`: the application's id. */
async function applyAsTeacher(request: APIRequestContext, teacher: TestUser, jobUuid: string): Promise<string> {
  const { headers, uuid } = await logIn(request, teacher);
  const call = async (method: 'put' | 'patch' | 'post', url: string, data?: unknown) => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json() as Promise<{ application?: { id: string } }>;
  };
  await call('put', `/api/post-resume/details/${uuid}`, {
    name: 'Robin Teacher',
    email: teacher.email,
    nationality: 'Canada',
    education: 'Bachelors',
    experience: '4',
    desiredCountry: 'South Korea',
    desiredStartDate: 'March',
    desiredAgeGroup: 'Children',
  });
  await call('patch', `/api/post-resume/resume/${uuid}`, { resumeHtml: '<p>Four years with young learners.</p>' });
  await call('post', `/api/post-resume/publish/${uuid}`);
  const applied = await call('post', `/api/jobs/${jobUuid}/applications`, {
    coverLetter: 'I would love to teach in Gimhae.',
  });
  return applied.application!.id;
}

/** A browser of its own for one party, logged in, its clocks in `timezoneId`. */
async function partyPage(browser: Browser, accounts: Accounts, user: TestUser, baseURL: string, timezoneId: string) {
  const context = await browser.newContext({ baseURL, timezoneId });
  const page = waitingForTheApp(await context.newPage());
  await accounts.logInAs(page, user);
  return page;
}

/** The text/calendar part of a raw mail (its headers, and its body decoded), from the MIME parts. */
function calendarPart(raw: string): { headers: string; body: string } {
  // Each part follows a boundary line ("--…"): its headers, a blank line, its body up to the next boundary.
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const blank = /\r?\n\r?\n/.exec(part);
    if (!blank) continue;
    const headers = part.slice(0, blank.index).replace(/\r?\n[ \t]+/g, ' ');
    if (!/^Content-Type:\s*text\/calendar/im.test(headers)) continue;
    const content = part.slice(blank.index + blank[0].length);
    const encoding = /^Content-Transfer-Encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
    const body =
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              content
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ).toString('utf8')
          : content;
    return { headers, body };
  }
  throw new Error(`No text/calendar part in:\n${raw.slice(0, 3000)}`);
}

async function publishKoreanJob(request: APIRequestContext, school: TestUser, title: string, companyName: string) {
  return publishJob(request, school, {
    details: {
      title,
      companyName,
      country: 'south-korea',
      city: 'Gimhae',
      pay: '',
      ageGroup: 'Children',
      duration: '12',
    },
    descriptionHTML: `<p>${title} at ${companyName}.</p>`,
    terms: TERMS,
  });
}

test('a school proposes times, the teacher accepts one, both get the invitation; an offer below the ad is marked', async ({
  browser,
  request,
  accounts,
  mailbox,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const title = `Kindergarten Teacher ${suffix}`;
  const company = 'Gimhae Bright Academy';
  const jobName = `${title} at ${company}`;
  const school = await accounts.createConfirmedUser('talk-school');
  const jobUuid = await publishKoreanJob(request, school, title, company);
  const teacher = await accounts.createConfirmedUser('talk-teacher');
  const applicationId = await applyAsTeacher(request, teacher, jobUuid);

  // The school, in Seoul, goes from its applicants to the conversation.
  const schoolPage = await partyPage(browser, accounts, school, baseURL!, 'Asia/Seoul');
  await schoolPage.goto(`/job/applicants/${jobUuid}`);
  await schoolPage
    .getByRole('list', { name: 'Applicants' })
    .getByRole('button', { name: /Robin Teacher/ })
    .click();
  await schoolPage.getByRole('link', { name: /^Messages, interview and offer with Robin Teacher/ }).click();
  await expect(schoolPage).toHaveURL(`/applications/${applicationId}`);
  await expect(schoolPage.getByRole('heading', { level: 1, name: 'Robin Teacher' })).toBeVisible();

  // Two times in Seoul, five and six days ahead; the browser's zone is the form's.
  await schoolPage.getByRole('button', { name: 'Propose interview times' }).click();
  const form = schoolPage.getByRole('form', { name: 'Propose interview times to Robin Teacher' });
  await expect(form.getByLabel('Time zone')).toHaveValue('Asia/Seoul');
  const first = dayIn('Asia/Seoul', 5);
  const second = dayIn('Asia/Seoul', 6);
  const time1 = form.getByRole('group', { name: 'Time 1' });
  await time1.getByLabel('Date').fill(first);
  await time1.getByLabel('Start time').fill('11:00');
  await time1.getByLabel('Length').selectOption('45');
  await time1.getByLabel('Where, or how to join (optional)').fill('https://meet.example/gimhae');
  await form.getByRole('button', { name: 'Add another time' }).click();
  const time2 = form.getByRole('group', { name: 'Time 2' });
  await time2.getByLabel('Date').fill(second);
  await time2.getByLabel('Start time').fill('15:00');
  await time2.getByLabel('Kind of interview').selectOption('phone');
  await expectNoViolations(schoolPage, 'the conversation page with the proposal form (school)');
  await form.getByRole('button', { name: 'Send the times' }).click();
  await expect(schoolPage.getByRole('article', { name: 'Times proposed: waiting for the teacher' })).toBeVisible();
  const elevenMs = Date.parse(`${first}T11:00:00+09:00`);
  // In Seoul, the school's own time is the zone's: said once.
  await expect(
    schoolPage.getByText(
      `${await wordsIn(schoolPage, elevenMs, 'Asia/Seoul')} your time (in Asia/Seoul, the school's time zone too)`,
    ),
  ).toBeVisible();
  const proposed = await mailbox.waitForMail(teacher.email, new RegExp(`Interview times for ${title}`));
  expect(proposed.text).toContain('(Asia/Seoul)');

  // And a message, with a line break.
  await schoolPage.getByLabel('Your message').fill('Hello Robin,\nplease choose a time that suits you.');
  await schoolPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(schoolPage.getByLabel('Your message')).toHaveValue('');
  await expect(schoolPage.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(1);

  // The teacher sees a message waiting on their applications, and opens the conversation.
  const teacherPage = await partyPage(browser, accounts, teacher, baseURL!, 'Europe/London');
  await teacherPage.goto('/account/applications');
  const open = teacherPage.getByRole('link', { name: `Messages, interview and offer for ${jobName} 1 unread message` });
  await expect(open).toBeVisible();
  await open.click();
  await expect(teacherPage.getByRole('heading', { level: 1, name: jobName })).toBeVisible();
  const message = teacherPage.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(message).toContainText('Gimhae Bright Academy');
  expect(await message.locator('.message__body').innerText()).toBe(
    'Hello Robin,\nplease choose a time that suits you.',
  );
  const card = teacherPage.getByRole('article', { name: 'Choose an interview time' });
  const elevenWords =
    `${await wordsIn(teacherPage, elevenMs, 'Europe/London')} your time ` +
    `(${await wordsIn(teacherPage, elevenMs, 'Asia/Seoul')} in Asia/Seoul)`;
  await expect(card.getByText(elevenWords, { exact: true })).toBeVisible();
  await expectNoViolations(teacherPage, 'the conversation page with times to choose (teacher)');
  await card.getByRole('button', { name: `Accept this time: ${elevenWords}` }).click();
  const arranged = teacherPage.getByRole('article', { name: 'Interview arranged' });
  await expect(arranged).toBeVisible();
  await expect(arranged.getByRole('heading', { name: 'Interview arranged' })).toBeFocused();
  await expect(arranged).toContainText(elevenWords);

  // Both get the invitation: a text/calendar part asking to add the time, in UTC.
  const dtStart = `DTSTART:${new Date(elevenMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
  for (const mail of [
    await mailbox.waitForMail(CONTACT, new RegExp(`Interview accepted: ${title}`)),
    await mailbox.waitForMail(teacher.email, new RegExp(`Your interview: ${title}`)),
  ]) {
    const calendar = calendarPart(mail.raw);
    expect(calendar.headers).toMatch(/method=REQUEST/i);
    expect(calendar.body).toMatch(/^METHOD:REQUEST\r?$/m);
    expect(calendar.body).toContain(dtStart);
    expect(calendar.body).toContain(`SUMMARY:Interview: ${jobName}`);
  }

  // The school sees the time arranged, and offers less than its ad: a lower salary and no range.
  await schoolPage.reload();
  await expect(schoolPage.getByRole('article', { name: 'Interview arranged' })).toBeVisible();
  await schoolPage.getByRole('button', { name: 'Make an offer' }).click();
  const offer = schoolPage.getByRole('form', { name: 'Offer to Robin Teacher' });
  await expect(offer.getByLabel('Amount from')).toHaveValue('2500000');
  await expect(offer.getByLabel('Housing')).toHaveValue('provided');
  await offer.getByLabel('Amount from').fill('2,200,000');
  await offer.getByLabel('Amount to (optional)').fill('');
  await expectNoViolations(schoolPage, 'the conversation page with the offer form (school)');
  await offer.getByRole('button', { name: 'Send the offer' }).click();
  const differences = schoolPage.getByRole('table', { name: 'Where the offer differs from the ad' });
  await expect(differences).toBeVisible();
  await expect(schoolPage.getByText('Sent. The teacher is asked to answer by')).toBeVisible();
  await mailbox.waitForMail(teacher.email, new RegExp(`An offer for ${title}`));

  // The teacher reads the difference, marked, and accepts.
  await teacherPage.reload();
  const table = teacherPage.getByRole('table', { name: 'Where the offer differs from the ad' });
  const salary = table.getByRole('row', { name: /^Salary/ });
  await expect(salary).toContainText('KRW 2,500,000–2,800,000 a month, before tax');
  await expect(salary).toContainText('KRW 2,200,000 a month, before tax');
  await expect(salary).toContainText('Less than the ad');
  await expect(salary).toHaveClass(/offer-differences__row--worse/);
  await expect(teacherPage.getByText('This offer gives less than the ad on one point: salary.')).toBeVisible();
  await expectNoViolations(teacherPage, 'the conversation page with an offer (teacher)');
  await teacherPage.getByRole('button', { name: 'Accept the offer' }).click();
  await teacherPage.getByRole('button', { name: 'Yes, accept' }).click();
  await expect(teacherPage.getByText(/^You accepted this offer on/)).toBeVisible();
  await expect(teacherPage.getByText('Status: Offer accepted', { exact: false })).toBeVisible();
  await mailbox.waitForMail(CONTACT, new RegExp(`Offer accepted: ${title}`));

  await schoolPage.context().close();
  await teacherPage.context().close();
});

test('a time proposed for 11:00 in Seoul reads a day earlier in New York', async ({
  browser,
  request,
  accounts,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `English Teacher ${Date.now().toString(36)}`;
  const school = await accounts.createConfirmedUser('zone-school');
  const jobUuid = await publishKoreanJob(request, school, title, 'Gimhae Hills School');
  const teacher = await accounts.createConfirmedUser('zone-teacher');
  const applicationId = await applyAsTeacher(request, teacher, jobUuid);

  // 11:00 in Seoul, four days ahead, as a school in Seoul sends it.
  const day = dayIn('Asia/Seoul', 4);
  const startsAt = `${day}T11:00:00+09:00`;
  const { headers } = await logIn(request, school);
  const proposed = await request.post(`/api/applications/${applicationId}/interviews`, {
    headers,
    data: { timeZone: 'Asia/Seoul', slots: [{ startsAt, minutes: 30, mode: 'video' }] },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);

  const teacherPage = await partyPage(browser, accounts, teacher, baseURL!, 'America/New_York');
  await teacherPage.goto(`/applications/${applicationId}`);
  const ms = Date.parse(startsAt);
  // Seoul is 14 hours ahead of New York in winter (13 in summer): 11:00 there is 21:00 (22:00) the day before.
  const newYork = await wordsIn(teacherPage, ms, 'America/New_York');
  const seoul = await wordsIn(teacherPage, ms, 'Asia/Seoul');
  expect(newYork).toMatch(/ 2[12]:00$/);
  expect(seoul).toMatch(/ 11:00$/);
  const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
  expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(ms)).toBe(dayBefore);
  const slot = teacherPage.getByRole('article', { name: 'Choose an interview time' }).getByRole('listitem');
  await expect(slot).toContainText(`${newYork} your time (${seoul} in Asia/Seoul)`);
  await expect(slot.locator('time')).toHaveAttribute('datetime', new Date(ms).toISOString());
  await expectNoViolations(teacherPage, 'the conversation page read from New York (teacher)');
  await teacherPage.context().close();
});

test('with the keyboard alone, the school writes, the teacher answers and accepts a time', async ({
  browser,
  request,
  accounts,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const title = `Phonics Teacher ${uniqueWord()}`;
  const company = 'Gimhae Keyboard Academy';
  const jobName = `${title} at ${company}`;
  const school = await accounts.createConfirmedUser('keys-school');
  const jobUuid = await publishKoreanJob(request, school, title, company);
  const teacher = await accounts.createConfirmedUser('keys-teacher');
  const applicationId = await applyAsTeacher(request, teacher, jobUuid);

  // Two times proposed through the API, as the school's form sends them: 10:00 and 16:00 in Seoul,
  // a week ahead.
  const day = dayIn('Asia/Seoul', 7);
  const times = [`${day}T10:00:00+09:00`, `${day}T16:00:00+09:00`];
  const { headers } = await logIn(request, school);
  const proposed = await request.post(`/api/applications/${applicationId}/interviews`, {
    headers,
    data: { timeZone: 'Asia/Seoul', slots: times.map((startsAt) => ({ startsAt, minutes: 30, mode: 'video' })) },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);

  // The school writes first: Tab to the box, type, Tab to Send, Enter.
  const schoolPage = await partyPage(browser, accounts, school, baseURL!, 'Asia/Seoul');
  await schoolPage.goto(`/applications/${applicationId}`);
  await expect(schoolPage.getByRole('heading', { level: 1, name: 'Robin Teacher' })).toBeVisible();
  const schoolComposer = schoolPage.getByRole('form', { name: 'Write to Robin Teacher' });
  const schoolBox = schoolComposer.getByLabel('Your message');
  const schoolSend = schoolComposer.getByRole('button', { name: 'Send', exact: true });
  await tabTo(schoolPage, schoolBox);
  await schoolPage.keyboard.type('Hello Robin,\nwhich of the two times suits you?');
  await tabTo(schoolPage, schoolSend);
  await schoolPage.keyboard.press('Enter');
  const schoolThread = schoolPage.getByRole('list', { name: 'Messages' });
  await expect(schoolThread.getByRole('listitem')).toHaveCount(1);
  await expect(schoolThread.getByRole('listitem')).toContainText('You');
  expect(await schoolThread.locator('.message__body').innerText()).toBe(
    'Hello Robin,\nwhich of the two times suits you?',
  );
  // The box is emptied for the next message; the focus stays on Send, where the keyboard was.
  await expect(schoolBox).toHaveValue('');
  await expect(schoolSend).toBeFocused();
  await expect(schoolSend).toHaveText('Send');
  await expectNoViolations(schoolPage, 'the conversation page after a message sent (school)');

  // The teacher, in London, reads it and answers, with the times waiting above.
  const teacherPage = await partyPage(browser, accounts, teacher, baseURL!, 'Europe/London');
  await teacherPage.goto(`/applications/${applicationId}`);
  await expect(teacherPage.getByRole('heading', { level: 1, name: jobName })).toBeVisible();
  const thread = teacherPage.getByRole('list', { name: 'Messages' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread.getByRole('listitem')).toContainText(company);
  const card = teacherPage.getByRole('article', { name: 'Choose an interview time' });
  await expect(card.getByRole('button', { name: /^Accept this time/ })).toHaveCount(2);
  await expectNoViolations(teacherPage, 'the conversation page with times and a message (teacher)');

  const composer = teacherPage.getByRole('form', { name: `Write to ${company}` });
  const box = composer.getByLabel('Your message');
  const send = composer.getByRole('button', { name: 'Send', exact: true });
  await tabTo(teacherPage, box);
  await teacherPage.keyboard.type('Thank you!\nThe afternoon suits me best.');
  await tabTo(teacherPage, send);
  await teacherPage.keyboard.press('Enter');
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  const mine = thread.getByRole('listitem').nth(1);
  await expect(mine.locator('.message__from')).toHaveText('You');
  expect(await mine.locator('.message__body').innerText()).toBe('Thank you!\nThe afternoon suits me best.');
  await expect(box).toHaveValue('');
  await expect(send).toBeFocused();
  await expectNoViolations(teacherPage, 'the conversation page after a message sent (teacher)');

  // Back up the page with Shift+Tab to the afternoon's Accept, and Enter.
  const afternoon = Date.parse(times[1]!);
  const words =
    `${await wordsIn(teacherPage, afternoon, 'Europe/London')} your time ` +
    `(${await wordsIn(teacherPage, afternoon, 'Asia/Seoul')} in Asia/Seoul)`;
  const accept = card.getByRole('button', { name: `Accept this time: ${words}` });
  await tabTo(teacherPage, accept, 'Shift+Tab');
  await teacherPage.keyboard.press('Enter');
  // The Accept buttons are gone: the focus goes to the heading that says what holds now.
  const arranged = teacherPage.getByRole('article', { name: 'Interview arranged' });
  await expect(arranged.getByRole('heading', { name: 'Interview arranged' })).toBeFocused();
  await expect(arranged).toContainText(words);
  await expect(teacherPage.getByRole('button', { name: /^Accept this time/ })).toHaveCount(0);
  await expectNoViolations(teacherPage, 'the conversation page with the interview arranged (teacher)');

  // From there Tab goes on through the page: to the card's own Cancel first.
  await teacherPage.keyboard.press('Tab');
  await expect(arranged.getByRole('button', { name: 'Cancel the interview' })).toBeFocused();

  // The school sees the answer and the time chosen.
  await schoolPage.reload();
  await expect(schoolPage.getByRole('article', { name: 'Interview arranged' })).toContainText(
    await wordsIn(schoolPage, afternoon, 'Asia/Seoul'),
  );
  await expect(schoolThread.getByRole('listitem').nth(1)).toContainText('The afternoon suits me best.');

  await schoolPage.context().close();
  await teacherPage.context().close();
});
