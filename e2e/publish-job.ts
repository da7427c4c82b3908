// A school's whole posting flow through the API (test-mode payment, the wizard's steps, publishing),
// for journeys that need a live posting made the way schools make them.
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';

const CARD = { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' };

export interface JobToPublish {
  /** The details step's fields (title, companyName, country, city, pay, …). */
  details: Record<string, string>;
  descriptionHTML: string;
}

/** Logs the school in, buys one posting with the test card, fills the wizard and publishes: the job's uuid. */
export async function publishJob(
  request: APIRequestContext,
  school: { email: string; password: string },
  job: JobToPublish,
): Promise<string> {
  const login = await request.post('/api/login', { data: { email: school.email, password: school.password } });
  const headers = { authorization: `Bearer ${login.headers()['auth-token']!}` };
  const userId = ((await login.json()) as { currentUser: { uuid: string } }).currentUser.uuid;
  const call = async (url: string, data?: unknown) => {
    const res = await request.post(url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json() as Promise<Record<string, string>>;
  };
  const intent = await call('/api/payments-jobs/', { quantity: 'one', userUuid: userId });
  await call('/api/test-payments/confirm', { client_secret: intent.client_secret, card: CARD });
  const { uuid } = await call(`/api/jobs/create/${userId}`);
  await call(`/api/jobs/details/${uuid}/${userId}`, {
    email: 'hr@school.example',
    classSize: '1 - 10',
    startDate: '',
    phone: '',
    link: '',
    ...job.details,
  });
  await call(`/api/job/richtext/${uuid}/${userId}`, { descriptionHTML: job.descriptionHTML });
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await call(`/api/job/image-crop/${uuid}/${userId}`, { thumbnail: `data:image/png;base64,${png.toString('base64')}` });
  await call(`/api/job/publish/${uuid}/${userId}`);
  return uuid!;
}
