// School profiles end to end (BEYOND §8): an employer creates a school on the account page, asks for
// its registration check, and posts a job under it through the wizard; a visitor opens the posting,
// follows the school's link to its page and finds the job there, and in the directory. axe on both
// pages, the school form filled with the keyboard alone, and the directory narrowed to a city and a
// school opened from it with the keyboard alone.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, waitingForTheApp } from './fixtures';
import { expectNoViolations } from './axe';
import { pickWithArrows, tabTo } from './keyboard';

/** A city no other journey posts in, so the directory and the searches here see only these schools. */
const COUNTRY = 'south-korea';
const CITY = 'Changwon';

/** A school name no other test uses, so its slug is the name's own. */
const uniqueName = (name: string) => `${name} ${Date.now().toString(36)}`;

/** The school's own calls with its session: they must succeed; their JSON answer. */
function schoolCalls(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return async (method: 'GET' | 'POST', url: string, data?: unknown) => {
    const res = await request.fetch(url, { method, headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
}

/** Buys one posting with the test card and creates a draft, as the purchase page does: its uuid. */
async function createDraft(request: APIRequestContext, token: string): Promise<{ uuid: string; userUuid: string }> {
  const call = schoolCalls(request, token);
  const { currentUser } = (await call('GET', '/api/current_user')) as { currentUser: { uuid: string } };
  const userUuid = currentUser.uuid;
  const intent = await call('POST', '/api/payments-jobs/', { quantity: 'one', userUuid });
  await call('POST', '/api/test-payments/confirm', {
    client_secret: intent.client_secret,
    card: { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' },
  });
  const { uuid } = (await call('POST', `/api/jobs/create/${userUuid}`)) as { uuid: string };
  return { uuid, userUuid };
}

/** Types into a text box reached with Tab. */
async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

test('an employer creates a school and posts a job under it; a visitor finds the job on the school’s page', async ({
  page,
  browser,
  request,
  accounts,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const employer = await accounts.createConfirmedUser('school-profile');
  const token = await accounts.logInAs(page, employer);
  const schoolName = uniqueName('Changwon Harbour Academy');

  // The account's Schools tab: a new school from its form.
  await page.goto('/account/schools');
  await expect(page.getByRole('tab', { name: 'Schools' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/You have no school yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Create a school' }).click();
  const form = page.getByRole('form', { name: 'Create a school' });
  await form.getByLabel('School name').fill(schoolName);
  await form.getByLabel('Kind of school').selectOption('private_school');
  await form.getByLabel('Country').selectOption(COUNTRY);
  await form.getByLabel('City').selectOption(CITY);
  await form.getByLabel('Website (optional)').fill('https://harbour.example');
  await form.getByLabel('Year founded (optional)').fill('2004');
  await form.getByLabel('Foreign teachers (optional)').fill('6');
  await form
    .getByRole('textbox', { name: 'About the school (optional)' })
    .fill('A school by the sea, with small classes.');
  await expectNoViolations(page, 'the Schools tab with the new school form');
  await form.getByRole('button', { name: 'Create school' }).click();
  await expect(page.getByText('School created.')).toBeVisible();
  const schoolsTab = page.getByRole('tabpanel', { name: 'Schools' });
  const schoolLink = schoolsTab.getByRole('link', { name: schoolName });
  const schoolPath = (await schoolLink.getAttribute('href'))!;
  expect(schoolPath).toMatch(/^\/schools\/changwon-harbour-academy-[a-z0-9]+$/);

  // A registration check: a number with a wrong check digit is refused at once, a good one waits.
  const card = schoolsTab.getByRole('listitem').filter({ has: page.getByRole('link', { name: schoolName }) });
  await card.getByRole('button', { name: 'Registration check' }).click();
  const number = card.getByLabel('Registration number');
  await number.fill('101-81-49476');
  await card.getByRole('button', { name: 'Send for checking' }).click();
  await expect(card.getByText(/This is not a valid business registration number/)).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await number.fill('120-81-47521');
  await card.getByRole('button', { name: 'Send for checking' }).click();
  await expect(card.getByText(/Registration check: waiting for review\. We received number 1208147521/)).toBeVisible();

  // The wizard's first step: the school chosen fills in the name and the place.
  const { uuid, userUuid } = await createDraft(request, token);
  await page.goto(`/post-job/stepper/details/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Job Criteria' })).toBeVisible();
  await page.getByLabel('School', { exact: true }).selectOption({ label: `${schoolName}, ${CITY}` });
  await expect(page.getByLabel('School or company name')).toHaveValue(schoolName);
  await expect(page.getByLabel('Country')).toHaveValue(COUNTRY);
  await expect(page.getByLabel('City')).toHaveValue(CITY);
  await page.getByLabel('Job title').fill('Middle School English Teacher');
  await page.getByLabel('Email for applications').fill('jobs@harbour.example');
  await page.getByLabel('Student age group').selectOption('Adolescents');
  await page.getByLabel('Class size').selectOption('11 - 20');
  await page.getByLabel('Contract duration').selectOption('12');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Job details saved.')).toBeVisible();

  // The other steps as the wizard saves them, then the preview names the school, and Publish.
  const call = schoolCalls(request, token);
  await call('POST', `/api/job/richtext/${uuid}/${userUuid}`, {
    descriptionHTML: '<p>Teach teenagers by the sea.</p>',
  });
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await call('POST', `/api/job/image-crop/${uuid}/${userUuid}`, {
    thumbnail: `data:image/png;base64,${png.toString('base64')}`,
  });
  await page.goto(`/post-job/stepper/preview/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Preview Job Posting' })).toBeVisible();
  await expect(page.getByText(`Posted by ${schoolName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Your job is published!/)).toBeVisible();

  // A visitor, without an account: the posting links its school…
  const context = await browser.newContext({ baseURL });
  const visitor = waitingForTheApp(await context.newPage());
  await visitor.goto(`/posting/${uuid}`);
  const postedBy = visitor.getByRole('main').getByText(/^Posted by/);
  await expect(postedBy).toBeVisible();
  await expect(postedBy).not.toContainText('Registration checked');
  await postedBy.getByRole('link', { name: schoolName }).click();

  // …whose page tells about it and lists the job.
  await expect(visitor).toHaveURL(schoolPath);
  await expect(visitor.getByRole('heading', { level: 1, name: schoolName })).toBeVisible();
  await expect(visitor).toHaveTitle(`${schoolName}, ${CITY} | TeachEast`);
  const profile = visitor.getByRole('article', { name: schoolName });
  await expect(profile).toContainText('Private school');
  await expect(profile).toContainText(`${CITY}, South Korea`);
  await expect(profile).toContainText('Hiring on TeachEast since');
  await expect(profile).toContainText('1 job posted');
  await expect(profile).toContainText('A school by the sea, with small classes.');
  // The check still waits for an operator: nothing is said of it.
  await expect(visitor.getByRole('main')).not.toContainText(/registration|verified/i);
  const jobs = visitor.getByRole('region', { name: `Jobs at ${schoolName}` });
  await expect(jobs.getByRole('link', { name: /Middle School English Teacher/ })).toHaveAttribute(
    'href',
    `/posting/${uuid}`,
  );
  await expectNoViolations(visitor, 'the school page');

  // The page as the server sends it, before the app runs: the school and its job are in the HTML.
  const html = await (await visitor.request.get(schoolPath)).text();
  expect(html).toContain(schoolName);
  expect(html).toContain('Middle School English Teacher');
  // Its structured data, as search engines read it from the page the server sends: one EducationalOrganization.
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  expect(jsonLd).toEqual([
    expect.objectContaining({
      '@context': 'https://schema.org/',
      '@type': 'EducationalOrganization',
      name: schoolName,
      url: `${new URL(baseURL!).origin}${schoolPath}`,
      sameAs: 'https://harbour.example/',
      address: { '@type': 'PostalAddress', addressLocality: CITY, addressCountry: 'KR' },
    }),
  ]);

  // The directory lists it in its city, its name a link to its page.
  await visitor.goto(`/schools?country=${COUNTRY}&city=${CITY}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible();
  await expect(visitor.getByLabel('Country')).toHaveValue(COUNTRY);
  await expect(visitor.getByLabel('City')).toHaveValue(CITY);
  const entry = visitor.getByRole('listitem').filter({ has: visitor.getByRole('link', { name: schoolName }) });
  await expect(entry).toContainText('1 open job');
  await expect(entry.getByRole('link', { name: schoolName })).toHaveAttribute('href', schoolPath);
  await expectNoViolations(visitor, 'the schools directory');
  await context.close();
});

test('a school is created with the keyboard alone', async ({ page, accounts }) => {
  test.setTimeout(90_000);
  const employer = await accounts.createConfirmedUser('school-keys');
  await accounts.logInAs(page, employer);
  const schoolName = uniqueName('Keyboard Lane School');

  await page.goto('/account/schools');
  const create = page.getByRole('button', { name: 'Create a school' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Create a school' });
  // The form opens with the focus on its heading, where a keyboard user goes on from.
  await expect(form.getByRole('heading', { name: 'Create a school' })).toBeFocused();

  await typeInto(page, form.getByLabel('School name'), schoolName);
  await pickWithArrows(page, form.getByLabel('Kind of school'), 'kindergarten');
  await pickWithArrows(page, form.getByLabel('Country'), COUNTRY);
  await pickWithArrows(page, form.getByLabel('City'), CITY);
  await typeInto(page, form.getByLabel('Website (optional)'), 'https://keyboard-lane.example');
  await typeInto(page, form.getByLabel('Year founded (optional)'), '1999');
  await typeInto(page, form.getByLabel('Foreign teachers (optional)'), '3');
  // The about's toolbar first, then its text, both on the way.
  await tabTo(page, form.getByRole('button', { name: 'Bold' }));
  await typeInto(
    page,
    form.getByRole('textbox', { name: 'About the school (optional)' }),
    'Small classes, big hearts.',
  );

  await tabTo(page, form.getByRole('button', { name: 'Create school' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('School created.')).toBeVisible();
  // The form closes and the focus goes back to the button that opened it.
  await expect(create).toBeFocused();
  const link = page.getByRole('tabpanel', { name: 'Schools' }).getByRole('link', { name: schoolName });
  await expect(link).toBeVisible();

  // Its page says what was typed.
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: schoolName })).toBeVisible();
  const profile = page.getByRole('article', { name: schoolName });
  await expect(profile).toContainText('Kindergarten');
  await expect(profile).toContainText('Founded1999');
  await expect(profile).toContainText('Foreign teachers3');
  await expect(profile).toContainText('Small classes, big hearts.');
  await expect(profile.getByRole('link', { name: /keyboard-lane\.example/ })).toHaveAttribute(
    'href',
    'https://keyboard-lane.example',
  );
});

test('a visitor narrows the directory to a city and opens a school with the keyboard alone', async ({
  page,
  request,
  accounts,
}) => {
  test.setTimeout(90_000);
  // Two schools of an employer, made through the API: one in the city the visitor picks, one in
  // another city of the same country, which the city's filter must leave out.
  const employer = await accounts.createConfirmedUser('directory-keys');
  const login = await request.post('/api/login', { data: employer });
  expect(login.status(), await login.text()).toBe(200);
  const call = schoolCalls(request, login.headers()['auth-token']!);
  const create = async (name: string, city: string) => {
    const { school } = (await call('POST', '/api/schools', {
      name,
      kind: 'language_centre',
      country: 'thailand',
      city,
    })) as { school: { slug: string } };
    return school.slug;
  };
  const wanted = uniqueName('Khon Kaen Keyboard Academy');
  const other = uniqueName('Udon Thani Arrow School');
  const slug = await create(wanted, 'Khon Kaen');
  await create(other, 'Udon Thani');

  // The whole directory, as a visitor without an account first sees it.
  await page.goto('/schools');
  await expect(page.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible();
  const summary = page.locator('#school-directory-summary');
  await expect(summary).toHaveText(/^\d+ schools?$/);
  await expectNoViolations(page, 'the schools directory, every country');

  // The country with the arrow keys: each choice updates the address and the list, and the focus
  // stays on the select, where the keyboard goes on from.
  const search = page.getByRole('search', { name: 'Find schools' });
  const country = search.getByLabel('Country');
  const city = search.getByLabel('City');
  await expect(city).toBeDisabled();
  await pickWithArrows(page, country, 'thailand');
  await expect(page).toHaveURL(/\/schools\?country=thailand$/);
  await expect(summary).toHaveText(/^\d+ schools? in Thailand$/);
  await expect(country).toBeFocused();
  // The results, named by their summary ("3 schools in Thailand"), which each choice changes.
  const results = page.getByRole('region', { name: /^\d+ schools? in / });
  await expect(results.getByRole('link', { name: wanted })).toBeVisible();
  await expect(results.getByRole('link', { name: other })).toBeVisible();

  // Then the city, the next stop of Tab now that a country is chosen.
  await page.keyboard.press('Tab');
  await expect(city).toBeFocused();
  await pickWithArrows(page, city, 'Khon Kaen');
  await expect(page).toHaveURL(/\/schools\?country=thailand&city=Khon\+Kaen$/);
  await expect(summary).toHaveText(/^\d+ schools? in Khon Kaen, Thailand$/);
  await expect(city).toBeFocused();
  const entry = results.getByRole('listitem').filter({ has: page.getByRole('link', { name: wanted }) });
  await expect(entry).toContainText('Language centre · Khon Kaen, Thailand');
  await expect(entry).toContainText('No open jobs');
  await expect(results.getByRole('link', { name: other })).toHaveCount(0);
  await expectNoViolations(page, 'the schools directory, one city');

  // Shift+Tab goes back to the country, Tab forward again past the city to the school's link.
  await page.keyboard.press('Shift+Tab');
  await expect(country).toBeFocused();
  const link = entry.getByRole('link', { name: wanted });
  await tabTo(page, link);
  await page.keyboard.press('Enter');

  // Its page, the focus at the start of the new content as after a page load.
  await expect(page).toHaveURL(`/schools/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: wanted })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('article', { name: wanted })).toContainText('Khon Kaen, Thailand');
});
