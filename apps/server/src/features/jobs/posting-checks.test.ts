// Checks at publish and on every later edit of a published job (BEYOND §9): a text the rules refuse
// is 400 POSTING_CHECK and nothing is saved; a warning is 409 POSTING_WARNING until the request names
// its rule in acknowledgeWarnings; an edit is asked only about warnings its old text did not meet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../../../test/harness.js';
import { VALID_DETAILS, createCompleteDraft } from './test-factories.js';

interface Refusal {
  errorType?: string;
  issues?: { rule: string; excerpt: string; message?: string; suggestion?: string }[];
}

describe(`posting checks at publish and on edits (${dialect})`, () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
  });
  afterAll(async () => t.close());

  const publish = (id: string, payload?: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url: `/api/job/publish/${id}/${owner.id}`,
      headers: owner.auth,
      ...(payload === undefined ? {} : { payload }),
    });
  const describeJob = (id: string, descriptionHTML: string, acknowledgeWarnings?: string[]) =>
    t.inject({
      method: 'POST',
      url: `/api/job/richtext/${id}/${owner.id}`,
      headers: owner.auth,
      payload: { descriptionHTML, ...(acknowledgeWarnings ? { acknowledgeWarnings } : {}) },
    });
  const saveDetails = (id: string, details: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: `/api/jobs/details/${id}/${owner.id}`, headers: owner.auth, payload: details });
  const row = (id: string) => t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A complete draft whose description is `html`, of a new school (one draft at a time each): its owner from now on. */
  async function draftSaying(html: string): Promise<string> {
    owner = await createUser(t);
    const id = await createCompleteDraft(t, owner);
    expect((await describeJob(id, html)).statusCode).toBe(200);
    return id;
  }

  it('publishes an ordinary description at once, with no body or an empty one', async () => {
    const plain = await draftSaying('<p>We pay your visa fee and there is no placement fee for teachers.</p>');
    expect((await publish(plain)).statusCode).toBe(200);
    const empty = await draftSaying('<p>Native-level English speakers welcome.</p>');
    expect((await publish(empty, {})).statusCode).toBe(200);
    expect((await row(empty)).published_at).not.toBeNull();
  });

  it('refuses a description that asks teachers for money, naming the rule and the words, and publishes nothing', async () => {
    const id = await draftSaying('<p>A placement fee of $500 is due before you arrive.</p>');
    const res = await publish(id, { acknowledgeWarnings: ['asks_for_money'] });
    expect(res.statusCode).toBe(400);
    const body = res.json<Refusal>();
    expect(body.errorType).toBe('POSTING_CHECK');
    expect(body.issues?.map((i) => i.rule)).toEqual(['asks_for_money']);
    expect(body.issues?.[0]?.excerpt).toMatch(/placement fee/i);
    expect((await row(id)).published_at).toBeNull();
  });

  it('refuses the title and the pay notes too, not only the description', async () => {
    const id = await draftSaying('<p>Small classes.</p>');
    expect((await saveDetails(id, { ...VALID_DETAILS, title: 'Female teachers only' })).statusCode).toBe(200);
    expect((await publish(id)).json<Refusal>().issues?.map((i) => i.rule)).toEqual(['discriminatory']);
    const paid = await draftSaying('<p>Small classes.</p>');
    expect(
      (await saveDetails(paid, { ...VALID_DETAILS, pay: '2,000 USD, minus a deposit you pay us' })).statusCode,
    ).toBe(200);
    expect((await publish(paid)).json<Refusal>().errorType).toBe('POSTING_CHECK');
  });

  it('asks about a warning, and publishes once its rule is acknowledged', async () => {
    const id = await draftSaying('<p>We are looking for native speakers.</p>');
    const warned = await publish(id);
    expect(warned.statusCode).toBe(409);
    const body = warned.json<Refusal>();
    expect(body.errorType).toBe('POSTING_WARNING');
    expect(body.issues?.map((i) => i.rule)).toEqual(['native_speaker']);
    expect(body.issues?.[0]?.suggestion).toMatch(/must qualify for/);
    expect((await row(id)).published_at).toBeNull();
    // Another rule named does not acknowledge this one.
    expect((await publish(id, { acknowledgeWarnings: ['private_email'] })).statusCode).toBe(409);
    expect((await publish(id, { acknowledgeWarnings: ['native_speaker'] })).statusCode).toBe(200);
  });

  it('refuses an unknown rule, and reads nothing else a client sends along', async () => {
    const id = await draftSaying('<p>We are looking for native speakers.</p>');
    expect((await publish(id, { acknowledgeWarnings: ['anything'] })).statusCode).toBe(400);
    expect((await publish(id, { force: true, acknowledgeWarnings: [] })).statusCode).toBe(409);
    expect((await row(id)).published_at).toBeNull();
  });

  it('checks an edit of a published job: a refused text is not saved, a new warning must be acknowledged', async () => {
    const id = await draftSaying('<p>Native speakers preferred.</p>');
    expect((await publish(id, { acknowledgeWarnings: ['native_speaker'] })).statusCode).toBe(200);
    // The warning it was published with is not asked about again.
    expect((await describeJob(id, '<p>Native speakers preferred. Small classes.</p>')).statusCode).toBe(200);
    // A new one is.
    const messenger = '<p>Native speakers preferred. Add me on WeChat: sunrise_hr</p>';
    const warned = await describeJob(id, messenger);
    expect(warned.statusCode).toBe(409);
    expect(warned.json<Refusal>().issues?.map((i) => i.rule)).toEqual(['messenger_contact']);
    expect((await row(id)).description_html).toBe('<p>Native speakers preferred. Small classes.</p>');
    expect((await describeJob(id, messenger, ['messenger_contact'])).statusCode).toBe(200);
    // A refused text is never saved, acknowledged or not.
    const refused = await describeJob(id, '<p>Send a 300 USD deposit to secure your place.</p>', ['asks_for_money']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Refusal>().errorType).toBe('POSTING_CHECK');
    expect((await row(id)).description_html).toBe(messenger);
    const retitled = await saveDetails(id, { ...VALID_DETAILS, title: 'Caucasian teachers only' });
    expect(retitled.statusCode).toBe(400);
    expect((await row(id)).title).toBe('');
  });

  it('leaves drafts alone until they are published: a draft saves any words', async () => {
    const id = await draftSaying('<p>Tourist visa is fine, we sort the papers out later.</p>');
    expect((await row(id)).description_html).toContain('Tourist visa');
    expect((await publish(id)).json<Refusal>().issues?.map((i) => i.rule)).toEqual(['tourist_visa']);
  });
});
