// A school's whole posting flow through the API (test-mode payment, the wizard's steps, publishing),
// for journeys that need a live posting made the way schools make them; or a draft with every step
// but Pay and Conditions done, for journeys where the school fills that step in the browser.
import { expect, type APIRequestContext } from '@playwright/test';
// Types only: the shared package's modules do not load in Playwright's runner (its cities.json).
import type { JobTerms } from '@teacheast/shared';
import sharp from 'sharp';

const CARD = { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' };

export interface JobToPublish {
  /** The details step's fields (title, companyName, country, city, pay, …). */
  details: Record<string, string>;
  descriptionHTML: string;
  /** The Pay and Conditions step's contract sheet (BEYOND §6); none when left out, as when skipped. */
  terms?: JobTerms;
}

/** A job the school has paid for and filled in, not yet published. */
export interface DraftJob {
  uuid: string;
  /** The school's own uuid, which the wizard's calls name. */
  userUuid: string;
  /** The school's session token. */
  token: string;
}

/**
 * Logs the school in, buys one posting with the test card and fills every step of the wizard but Pay
 * and Conditions: details, description and header image. The job stays a draft.
 */
export async function draftJob(
  request: APIRequestContext,
  school: { email: string; password: string },
  job: Omit<JobToPublish, 'terms'>,
): Promise<DraftJob> {
  const login = await request.post('/api/login', { data: { email: school.email, password: school.password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = login.headers()['auth-token']!;
  const userUuid = ((await login.json()) as { currentUser: { uuid: string } }).currentUser.uuid;
  const call = schoolCall(request, token);
  const intent = await call('POST', '/api/payments-jobs/', { quantity: 'one', userUuid });
  await call('POST', '/api/test-payments/confirm', { client_secret: intent.client_secret, card: CARD });
  const { uuid } = await call('POST', `/api/jobs/create/${userUuid}`);
  await call('POST', `/api/jobs/details/${uuid}/${userUuid}`, {
    email: 'hr@school.example',
    classSize: '1 - 10',
    startDate: '',
    phone: '',
    link: '',
    ...job.details,
  });
  await call('POST', `/api/job/richtext/${uuid}/${userUuid}`, { descriptionHTML: job.descriptionHTML });
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await call('POST', `/api/job/image-crop/${uuid}/${userUuid}`, {
    thumbnail: `data:image/png;base64,${png.toString('base64')}`,
  });
  return { uuid: uuid!, userUuid, token };
}

/** Saves the draft's contract sheet, as the Pay and Conditions step's Save does. */
async function saveTerms(request: APIRequestContext, draft: DraftJob, terms: JobTerms): Promise<void> {
  await schoolCall(request, draft.token)('PUT', `/api/jobs/terms/${draft.uuid}/${draft.userUuid}`, terms);
}

/** Publishes the draft, as the preview's Publish button does. */
export async function publishDraft(request: APIRequestContext, draft: DraftJob): Promise<void> {
  await schoolCall(request, draft.token)('POST', `/api/job/publish/${draft.uuid}/${draft.userUuid}`);
}

/** Logs the school in, buys one posting with the test card, fills the wizard and publishes: the job's uuid. */
export async function publishJob(
  request: APIRequestContext,
  school: { email: string; password: string },
  job: JobToPublish,
): Promise<string> {
  const draft = await draftJob(request, school, job);
  if (job.terms) await saveTerms(request, draft, job.terms);
  await publishDraft(request, draft);
  return draft.uuid;
}

/** A call with the school's session that must succeed; its JSON answer. */
function schoolCall(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return async (method: 'POST' | 'PUT', url: string, data?: unknown) => {
    const res = await request.fetch(url, { method, headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return res.json() as Promise<Record<string, string>>;
  };
}
