// Job alerts end to end: a logged-out teacher saves a search from /jobs, confirms it from the mail,
// gets a matching job after `npm run admin -- alerts send`, and stops the alert with one click; a
// member sees and deletes alerts in the account.
import { expect, test } from './fixtures';
import { publishJob } from './publish-job';

/** A Hanoi posting for adults, as a school makes it. */
function hanoiJob(title: string) {
  return {
    details: {
      title,
      companyName: 'Hanoi Business School',
      country: 'vietnam',
      city: 'Hanoi',
      pay: '2,000 USD per month',
      ageGroup: 'Adults',
      duration: '12',
    },
    descriptionHTML: '<p>Teach business English to adults.</p>',
  };
}

test('a logged-out teacher saves a search, confirms it, gets the new job by mail and stops it with one click', async ({
  page,
  request,
  accounts,
  mailbox,
  appServer,
  baseURL,
}) => {
  const teacher = accounts.newUser('alerts');
  await page.goto('/jobs?country=vietnam&city=Hanoi&ageGroup=Adults&q=business&page=1');
  await page.getByRole('button', { name: 'Email me jobs like these' }).click();
  await expect(page.getByText('“business” jobs in Hanoi, Vietnam, teaching adults')).toBeVisible();
  await page.getByLabel('Weekly').check();
  await page.getByLabel('Email').fill(teacher.email);
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect(
    page.getByText(`Check your inbox: open the link we sent to ${teacher.email} to start your alert.`),
  ).toBeVisible();

  const confirmation = await mailbox.waitForMail(teacher.email, /Confirm your TeachEast job alert/);
  const link = confirmation.links.find((l) => l.includes('/job-alerts/confirm/'))!;
  expect(link.startsWith(`${baseURL}/job-alerts/confirm/`)).toBe(true);
  // Opening the link starts nothing (mail scanners open links too): the button does.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Start your job alert' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm this alert' }).click();
  await expect(page.getByRole('heading', { name: 'Your job alert is on' })).toBeVisible();

  const school = await accounts.createConfirmedUser('alerts-school');
  const jobId = await publishJob(request, school, hanoiJob('Business English Coach'));
  expect(await appServer.admin('alerts', 'send')).toContain('1 job alert mail sent, listing 1 jobs.');
  const alertMail = await mailbox.waitForMail(teacher.email, /new job/);
  expect(alertMail.subject).toBe('1 new job: “business” jobs in Hanoi, Vietnam, teaching adults');
  expect(alertMail.text).toContain('Business English Coach at Hanoi Business School');
  expect(alertMail.html).toContain('Business English Coach');
  expect(alertMail.links).toContain(`${baseURL}/posting/${jobId}`);
  // Headers may be folded over several lines.
  const headers = alertMail.raw.replace(/\r?\n[ \t]+/g, ' ');
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)![1]!;
  expect(alertMail.links).toContain(unsubscribe);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

  // The link in the mail opens a page of the server's own (not the app) that changes nothing until
  // its button is pressed.
  const stopPage = await page.context().newPage();
  await stopPage.goto(unsubscribe);
  await expect(stopPage.getByRole('heading', { name: 'Stop this job alert?' })).toBeVisible();
  await stopPage.getByRole('button', { name: 'Stop this alert' }).click();
  await expect(stopPage.getByRole('heading', { name: 'Job alert stopped' })).toBeVisible();
  await stopPage.close();

  // A mail provider's one-click POST, again: still stopped, and no more mail.
  const oneClick = await request.post(unsubscribe, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBe(200);
  await publishJob(request, school, hanoiJob('Business Presentations Trainer'));
  expect(await appServer.admin('alerts', 'send')).toContain('0 job alert mails sent');
});

test('a member saves an alert from a search at once and deletes it in the account', async ({ page, accounts }) => {
  const member = await accounts.createConfirmedUser('alerts-member');
  await accounts.logInAs(page, member);
  await page.goto('/jobs?country=japan&page=1');
  await page.getByRole('button', { name: 'Email me jobs like these' }).click();
  await expect(page.getByText(`The e-mails go to ${member.email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect(
    page.getByText(`Job alert saved: new jobs like these will reach ${member.email} every day.`),
  ).toBeVisible();

  await page.goto('/account/alerts');
  await expect(page.getByText('You have 1 job alert')).toBeVisible();
  await page.getByRole('button', { name: 'Delete alert: Teaching jobs in Japan' }).click();
  await expect(page.getByText('You have no job alerts.')).toBeVisible();
});
