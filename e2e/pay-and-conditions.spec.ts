// Pay and conditions end to end (BEYOND §6): a school fills the wizard's "Pay and Conditions" step
// with the keyboard for two jobs and publishes them beside a third without housing and a fourth whose
// step was skipped; a teacher filters
// /jobs by housing and visa behind "More filters", saves an alert and both jobs, chooses them among
// the saved jobs and compares them side by side, where the rows that differ say so.
import type { Page } from '@playwright/test';
import { expect, test, waitingForTheApp } from './fixtures';
import { isFocused, pickWithArrows, tabTo } from './keyboard';
import { draftJob, publishDraft, publishJob, type JobToPublish } from './publish-job';

/** A city no other journey posts in, so the searches here see only these jobs. */
const CITY = 'Ulsan';

function ulsanJob(title: string, companyName: string, pay: string): Omit<JobToPublish, 'terms'> {
  return {
    details: { title, companyName, country: 'south-korea', city: CITY, pay, ageGroup: 'Children', duration: '12' },
    descriptionHTML: `<p>${title} at ${companyName}.</p>`,
  };
}

const KINDERGARTEN = ulsanJob('Kindergarten Teacher', 'Ulsan Bay Academy', '2.3 - 2.7 million KRW / month');
const MIDDLE_SCHOOL = ulsanJob('Middle School English Teacher', 'Taehwa River School', '');
const EVENING = ulsanJob('Evening Conversation Teacher', 'Ulsan Night Classes', '2,100,000 KRW a month');
const SUMMER_CAMP = ulsanJob('Summer Camp Teacher', 'Ulsan Summer Camp', 'Good pay');

/** Types into a text box reached with Tab, over whatever it held. */
async function typeInto(page: Page, label: string, text: string) {
  const box = page.getByLabel(label, { exact: true });
  await tabTo(page, box);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await expect(box).toHaveValue(text);
}

/**
 * Answers a question of radio buttons as the keyboard does: Tab into its group, arrows to the choice,
 * Space to tick it (arrows tick as they move; Space ticks the first choice, where Tab lands).
 */
async function answer(page: Page, question: string, choice: string) {
  const group = page.getByRole('group', { name: question, exact: true });
  const radio = group.getByRole('radio', { name: choice, exact: true });
  for (let i = 0; i < 80 && !(await group.evaluate((g) => g.contains(document.activeElement))); i++) {
    await page.keyboard.press('Tab');
  }
  for (let i = 0; i < 6 && !(await isFocused(radio)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

/** Saves the sheet with "Save and continue", reached with Tab and pressed with Enter. */
async function saveAndContinue(page: Page) {
  await tabTo(page, page.getByRole('button', { name: 'Save and continue' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pay and conditions saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job Description' })).toBeVisible();
}

test('a school fills Pay and Conditions, and a teacher filters, saves and compares the jobs with the keyboard', async ({
  page,
  browser,
  request,
  accounts,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const school = await accounts.createConfirmedUser('terms-school');
  await accounts.logInAs(page, school);

  // The kindergarten: the salary comes from the pay notes; the rest is typed and chosen.
  const kindergarten = await draftJob(request, school, KINDERGARTEN);
  await page.goto(`/post-job/stepper/terms/${kindergarten.uuid}`);
  await expect(page.getByRole('heading', { name: 'Pay and Conditions' })).toBeVisible();
  await expect(
    page.getByText('The salary is filled in from your pay notes, “2.3 - 2.7 million KRW / month”.'),
  ).toBeVisible();
  await expect(page.getByLabel('Amount from')).toHaveValue('2300000');
  await expect(page.getByLabel('Amount to (optional)')).toHaveValue('2700000');
  await expect(page.getByLabel('Currency')).toHaveValue('KRW');
  await expect(page.getByRole('radio', { name: 'Month', exact: true })).toBeChecked();
  await answer(page, 'The amount is', 'Before tax');
  await typeInto(page, 'Teaching hours a week', '25');
  await typeInto(page, 'Hours on site a week (optional)', '40');
  await answer(page, 'Split shift', 'No');
  await answer(page, 'Saturdays', 'Never');
  await answer(page, 'Housing', 'Provided');
  await answer(page, 'Flights', 'Paid');
  await answer(page, 'Does the school sponsor the work visa?', 'Yes');
  await pickWithArrows(page, page.getByLabel('Work permit', { exact: true }), 'KR-E2');
  await answer(page, 'Who pays for the visa?', 'The school');
  await typeInto(page, 'Paid vacation days a year', '18');
  await answer(page, 'Health insurance', 'Full');
  await pickWithArrows(page, page.getByLabel('Severance (optional)', { exact: true }), 'legal');
  await saveAndContinue(page);
  await publishDraft(request, kindergarten);

  // The middle school: no pay notes to start from, a housing allowance, split shifts.
  const middleSchool = await draftJob(request, school, MIDDLE_SCHOOL);
  await page.goto(`/post-job/stepper/terms/${middleSchool.uuid}`);
  await expect(page.getByRole('heading', { name: 'Pay and Conditions' })).toBeVisible();
  await expect(page.getByText(/filled in from your pay notes/)).toHaveCount(0);
  await typeInto(page, 'Amount from', '2,500,000');
  await answer(page, 'Paid per', 'Month');
  await answer(page, 'The amount is', 'After tax');
  await typeInto(page, 'Teaching hours a week', '30');
  await answer(page, 'Split shift', 'Yes');
  await answer(page, 'Saturdays', 'Never');
  await answer(page, 'Housing', 'Housing allowance');
  await typeInto(page, 'Monthly housing allowance, in KRW', '400000');
  await answer(page, 'Flights', 'Reimbursed');
  await answer(page, 'Does the school sponsor the work visa?', 'Yes');
  await pickWithArrows(page, page.getByLabel('Work permit', { exact: true }), 'KR-E2');
  await answer(page, 'Who pays for the visa?', 'The school');
  await typeInto(page, 'Paid vacation days a year', '11');
  await answer(page, 'Health insurance', 'Partial');
  await saveAndContinue(page);
  await publishDraft(request, middleSchool);

  // The evening classes sponsor the visa but give no housing: the housing filter leaves them out.
  await publishJob(request, school, {
    ...EVENING,
    terms: {
      salary: { currency: 'KRW', min: 2_100_000, period: 'month', basis: 'gross' },
      teachingHoursPerWeek: 22,
      housing: 'none',
      flights: 'none',
      visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'teacher' },
      vacationDays: 10,
      healthInsurance: 'partial',
      splitShift: false,
      saturdays: 'never',
    },
  });

  // The summer camp skips the step: it publishes without a sheet.
  const summerCamp = await draftJob(request, school, SUMMER_CAMP);
  await page.goto(`/post-job/stepper/terms/${summerCamp.uuid}`);
  await expect(page.getByRole('heading', { name: 'Pay and Conditions' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Skip for now' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Job Description' })).toBeVisible();
  await publishDraft(request, summerCamp);

  // The teacher, in a browser of their own.
  const teacherContext = await browser.newContext({ baseURL });
  const teacher = waitingForTheApp(await teacherContext.newPage());
  const teacherUser = await accounts.createConfirmedUser('terms-teacher');
  await accounts.logInAs(teacher, teacherUser);
  const tiles = teacher.getByRole('main').getByRole('article');
  const tileOf = (school: string) => tiles.filter({ has: teacher.getByRole('link', { name: school }) });

  await teacher.goto(`/jobs?country=south-korea&city=${CITY}&page=1`);
  await expect(tiles).toHaveCount(4);
  await expect(tileOf('Ulsan Bay Academy')).toContainText('KRW 2,300,000–2,700,000 a month');
  await expect(tileOf('Ulsan Summer Camp')).toContainText('Good pay');
  await expect(tileOf('Ulsan Bay Academy')).toContainText('Housing');
  await expect(tileOf('Taehwa River School')).toContainText('KRW 2,500,000 a month');

  // More filters, housing and visa: with the keyboard alone.
  const moreFilters = teacher.locator('summary').filter({ hasText: 'More filters' });
  await tabTo(teacher, moreFilters);
  await teacher.keyboard.press('Enter');
  const housing = teacher.getByRole('checkbox', { name: 'Housing or a housing allowance' });
  await expect(housing).toBeVisible();
  await tabTo(teacher, housing);
  await teacher.keyboard.press('Space');
  await expect(teacher).toHaveURL(/[?&]housing=1(&|$)/);
  // The new search keeps the focus where it was: the next filter is one Tab away.
  await expect(housing).toBeFocused();
  const visa = teacher.getByRole('checkbox', { name: 'Visa sponsorship' });
  await tabTo(teacher, visa);
  await teacher.keyboard.press('Space');
  await expect(teacher).toHaveURL(/[?&]visa=1(&|$)/);
  await expect(housing).toBeChecked();
  await expect(visa).toBeChecked();
  await expect(teacher.getByText(`${CITY} · Housing · Visa sponsored`)).toBeVisible();
  await expect(tiles).toHaveCount(2);
  await expect(tileOf('Ulsan Bay Academy')).toBeVisible();
  await expect(tileOf('Taehwa River School')).toBeVisible();
  await expect(tileOf('Ulsan Night Classes')).toHaveCount(0);
  await expect(tileOf('Ulsan Summer Camp')).toHaveCount(0);

  // The same search as a job alert, its filters said and saved with it.
  await teacher.getByRole('button', { name: 'Email me jobs like these' }).click();
  const alertWords = `Teaching jobs in ${CITY}, South Korea, with housing, visa sponsored`;
  await expect(teacher.getByText(alertWords, { exact: true })).toBeVisible();
  await teacher.getByRole('button', { name: 'Save alert' }).click();
  await expect(teacher.getByText(/^Job alert saved/)).toBeVisible();

  // Both jobs saved from their postings, which show their pay and conditions.
  await tileOf('Ulsan Bay Academy').getByRole('link').click();
  const card = teacher.getByRole('region', { name: 'Pay and conditions' });
  await expect(card).toContainText('KRW 2,300,000 to 2,700,000 a month, before tax');
  await expect(card).toContainText('Sponsored: KR-E2, costs paid by the school');
  await teacher.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(teacher.getByRole('button', { name: 'Unsave' })).toBeVisible();
  await teacher.goBack();
  await tileOf('Taehwa River School').getByRole('link').click();
  await expect(card).toContainText('Housing allowance: KRW 400,000 a month');
  await teacher.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(teacher.getByRole('button', { name: 'Unsave' })).toBeVisible();

  // The alert is in the account with its filters, its link keeping them.
  await teacher.goto('/account/alerts');
  await expect(teacher.getByRole('link', { name: alertWords })).toHaveAttribute(
    'href',
    `/jobs?country=south-korea&city=${CITY}&housing=1&visa=1`,
  );

  // Both chosen among the saved jobs and compared: with the keyboard alone.
  await teacher.goto('/account');
  const saved = teacher.getByRole('region', { name: 'Saved jobs' });
  await expect(saved.getByRole('article')).toHaveCount(2);
  const compare = saved.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toHaveAccessibleDescription('Choose 2 to 4 jobs to compare.');
  for (const job of [KINDERGARTEN, MIDDLE_SCHOOL]) {
    const tick = saved.getByRole('checkbox', { name: `Compare ${job.details.title} at ${job.details.companyName}` });
    await tabTo(teacher, tick);
    await teacher.keyboard.press('Space');
    await expect(tick).toBeChecked();
    await expect(tick).toBeFocused();
  }
  await expect(compare).toHaveAccessibleDescription('2 jobs chosen.');
  await tabTo(teacher, compare);
  await teacher.keyboard.press('Enter');
  await expect(teacher).toHaveURL(/\/compare\?ids=/);
  const ids = new URL(teacher.url()).searchParams.get('ids')!.split(',');
  expect(ids.toSorted()).toEqual([kindergarten.uuid, middleSchool.uuid].toSorted());

  // A column per job; the rows that differ say so in every cell, the others say nothing.
  await expect(teacher.getByRole('heading', { level: 1, name: 'Compare jobs' })).toBeVisible();
  const table = teacher.getByRole('table', { name: 'Pay and conditions of 2 jobs, side by side' });
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  const cellsOf = (row: string) =>
    table
      .getByRole('row')
      .filter({ has: teacher.getByRole('rowheader', { name: row, exact: true }) })
      .getByRole('cell');
  const differing = ['School', 'Title', 'Pay', 'Hours', 'Housing', 'Flights', 'Vacation', 'Health insurance'];
  for (const row of [...differing, 'Severance', 'Split shift']) {
    await expect(cellsOf(row)).toHaveCount(2);
    for (const cell of await cellsOf(row).all()) await expect(cell).toContainText('Differs');
  }
  for (const row of ['City', 'Visa', 'Saturdays', 'Start', 'Duration']) {
    await expect(cellsOf(row)).toHaveCount(2);
    for (const cell of await cellsOf(row).all()) await expect(cell).not.toContainText('Differs');
  }
  const byJob = Object.fromEntries(ids.map((id, i) => [id, i]));
  const payCells = cellsOf('Pay');
  await expect(payCells.nth(byJob[kindergarten.uuid]!)).toContainText('KRW 2,300,000 to 2,700,000 a month, before tax');
  await expect(payCells.nth(byJob[middleSchool.uuid]!)).toContainText('KRW 2,500,000 a month, after tax');
  await expect(payCells.nth(byJob[middleSchool.uuid]!)).toContainText('Differs');
  await expect(cellsOf('Visa').first()).toHaveText('Sponsored: KR-E2, costs paid by the school');
  await expect(cellsOf('City').first()).toHaveText(`${CITY}, South Korea`);
  await teacherContext.close();
});
