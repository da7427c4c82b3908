// "Can I take this job?" end to end (BEYOND §7): a visitor answers the four questions on /jobs, each
// tile says what the answers mean for its job's work permit, "Only jobs I can take" has the server
// leave out the E-2 job, and that job's posting says why.
import type { Locator } from '@playwright/test';
// Types only: the shared package's modules do not load in Playwright's runner (its cities.json).
import type { JobTerms } from '@teacheast/shared';
import { expect, test } from './fixtures';
import { publishJob, type JobToPublish } from './publish-job';

/** A city no other journey posts in, so the searches here see only these jobs. */
const CITY = 'Jeonju';
const SEARCH = `/jobs?country=south-korea&city=${CITY}&page=1`;

function jeonjuJob(title: string, companyName: string, terms?: JobTerms): JobToPublish {
  return {
    details: { title, companyName, country: 'south-korea', city: CITY, pay: '', ageGroup: 'Adults', duration: '12' },
    descriptionHTML: `<p>${title} at ${companyName}.</p>`,
    terms,
  };
}

/** A contract sheet whose visa the school sponsors under `permit`. */
function sponsoring(permit: 'KR-E1' | 'KR-E2'): JobTerms {
  return {
    salary: { currency: 'KRW', min: 2_300_000, max: 2_700_000, period: 'month', basis: 'gross' },
    teachingHoursPerWeek: 25,
    housing: 'provided',
    flights: 'paid',
    visa: { sponsored: true, permit, costsPaidBy: 'school' },
    vacationDays: 15,
    healthInsurance: 'full',
    severance: 'legal',
    splitShift: false,
    saturdays: 'never',
  };
}

/**
 * Opens a disclosure with its button. The panel's code arrives a moment after the page is the app's,
 * and a click before that is lost: pressed again until it says it is open.
 */
async function openWith(button: Locator) {
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
}

/** Answers the four questions in the form at hand and saves them. */
async function answer(form: Locator) {
  await form.getByLabel('Passport', { exact: true }).selectOption('PH');
  await form.getByLabel('Highest degree').selectOption('bachelor');
  await form.getByLabel('TEFL certificate, in hours').fill('120');
  await form.getByLabel('Years of teaching').fill('1');
  await form.getByRole('button', { name: 'Save my answers' }).click();
}

test('a visitor answers the four questions, reads a visa badge on every tile, keeps only the jobs they can take and learns why on a posting', async ({
  page,
  request,
  accounts,
}) => {
  test.setTimeout(120_000);
  const school = await accounts.createConfirmedUser('eligibility-school');
  const e2Job = await publishJob(
    request,
    school,
    jeonjuJob('Elementary English Teacher', 'Jeonju Hanok Academy', sponsoring('KR-E2')),
  );
  await publishJob(request, school, jeonjuJob('English Lecturer', 'Jeonju Lakeside University', sponsoring('KR-E1')));
  await publishJob(request, school, jeonjuJob('Weekend Conversation Tutor', 'Jeonju Weekend Club'));

  await page.goto(SEARCH);
  const tiles = page.getByRole('main').getByRole('article');
  await expect(tiles).toHaveCount(3);
  const tileOf = (school: string) => tiles.filter({ hasText: school });
  // Before any answer the tiles say nothing of the visa.
  await expect(tiles.getByText('You qualify')).toHaveCount(0);

  const panel = page.getByRole('region', { name: 'Can I take these jobs?' });
  await expect(panel).toContainText('Answer four questions');
  await openWith(panel.getByRole('button', { name: 'Answer the questions' }));
  await answer(panel.getByRole('form', { name: 'Can I take these jobs?' }));
  await expect(panel.getByRole('status')).toHaveText('Your answers are saved in this browser.');
  await expect(panel).toContainText(
    'Your answers: Philippines passport · Bachelor’s degree · TEFL certificate of 120 hours · 1 year of teaching.',
  );

  // A badge on every tile, in words: the E-2 asks for another passport, the E-1 does not, and a job
  // without a sheet names no permit to check.
  await expect(tileOf('Jeonju Hanok Academy')).toContainText('Not for your passport');
  await expect(tileOf('Jeonju Lakeside University')).toContainText('You qualify');
  await expect(tileOf('Jeonju Weekend Club')).toContainText('Check the visa');
  await expect(panel).toContainText(/Rules last reviewed \w+ \d+, \d{4}\. This is not legal advice\./);

  // Kept in this browser only, and there after a reload.
  expect(await page.evaluate(() => window.localStorage.getItem('teacheast.eligibility-facts'))).toBe(
    JSON.stringify({ passports: ['PH'], degree: 'bachelor', teflHours: 120, teachingYears: 1 }),
  );
  await page.reload();
  await expect(tileOf('Jeonju Hanok Academy')).toContainText('Not for your passport');

  // Only the jobs they can take: the server leaves the E-2 job out; the one it cannot check stays.
  // A click rather than check(): the box shows the URL, which changes once the new search is on screen.
  const eligibleOnly = panel.getByRole('checkbox', { name: 'Only jobs I can take' });
  await eligibleOnly.click();
  await expect(eligibleOnly).toBeChecked();
  await expect(page).toHaveURL(/[?&]eligibleOnly=1&passport=PH&degree=bachelor&teflHours=120&teachingYears=1/);
  await expect(tiles).toHaveCount(2);
  await expect(tileOf('Jeonju Hanok Academy')).toHaveCount(0);
  await expect(tileOf('Jeonju Lakeside University')).toContainText('You qualify');
  await expect(tileOf('Jeonju Weekend Club')).toContainText('Check the visa');
  // The results' summary says so.
  await expect(page.getByText(`${CITY} · Only jobs I can take`, { exact: true })).toBeVisible();

  const filtered = page.url();

  // The E-2 job's posting says why.
  await page.goto(`/posting/${e2Job}`);
  const visa = page.getByRole('region', { name: 'Visa and eligibility' });
  await expect(visa).toContainText('This job sponsors the E-2 teaching visa (KR-E2).');
  await expect(visa).toContainText('Not for your passport');
  await expect(visa.getByRole('listitem').first()).toHaveText(
    'The E-2 visa needs a passport of the US, UK, Canada, Ireland, South Africa, Australia or New Zealand',
  );
  await expect(visa).toContainText(/Rules last reviewed \w+ \d+, \d{4}\. This is not legal advice\./);
  const sources = visa.getByRole('link');
  expect(await sources.count()).toBeGreaterThan(0);
  for (const source of await sources.all()) await expect(source).toHaveAttribute('href', /^https?:\/\//);

  // The filtered address opened afresh, as a shared link is: the server's render is the same search.
  await page.goto(filtered);
  await expect(eligibleOnly).toBeChecked();
  await expect(tiles).toHaveCount(2);
  await expect(tileOf('Jeonju Hanok Academy')).toHaveCount(0);
});
