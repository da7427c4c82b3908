// Applying is limited per teacher: at most APPLICATIONS_PER_HOUR in an hour and APPLICATIONS_PER_DAY
// in a day, past which the answer is 429 RATE_LIMITED with the standard error body.
import { APPLICATIONS_PER_DAY, APPLICATIONS_PER_HOUR } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createResume } from '../resumes/test-factories.js';

const HOUR = 3_600_000;

describe(`limits on applying (${dialect})`, () => {
  let t: TestApp;
  let school: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createUser(t);
  });
  afterAll(async () => t.close());

  async function teacherWithResume(): Promise<TestUser> {
    const teacher = await createUser(t);
    await createResume(t, teacher.id);
    return teacher;
  }

  /** Applies to `count` new jobs one after the other; answers the status codes. */
  async function applyToNewJobs(teacher: TestUser, count: number): Promise<number[]> {
    const codes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const jobId = await createPublishedJob(t, school.id);
      const res = await t.inject({
        method: 'POST',
        url: `/api/jobs/${jobId}/applications`,
        headers: teacher.auth,
        payload: { coverLetter: 'Hello' },
      });
      codes.push(res.statusCode);
    }
    return codes;
  }

  const applicationsOf = async (teacher: TestUser) =>
    (await t.db.selectFrom('applications').select('id').where('user_id', '=', teacher.id).execute()).length;

  async function expectRefused(teacher: TestUser): Promise<void> {
    const jobId = await createPublishedJob(t, school.id);
    const res = await t.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      headers: teacher.auth,
      payload: { coverLetter: 'Hello' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: true, message: expect.any(String) as string, errorType: 'RATE_LIMITED' });
    expect(res.headers['retry-after']).toBeDefined();
    const stored = await t.db
      .selectFrom('applications')
      .select('id')
      .where('job_id', '=', jobId)
      .where('user_id', '=', teacher.id)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  }

  it('the limits are the named ones', () => {
    expect(APPLICATIONS_PER_HOUR).toBe(20);
    expect(APPLICATIONS_PER_DAY).toBe(50);
  });

  it(`an hour's limit: ${APPLICATIONS_PER_HOUR} applications go through, the next is refused; another teacher is not`, async () => {
    const teacher = await teacherWithResume();
    const control = await teacherWithResume();
    expect(await applyToNewJobs(control, APPLICATIONS_PER_HOUR - 1)).toEqual(
      Array<number>(APPLICATIONS_PER_HOUR - 1).fill(201),
    );
    expect(await applyToNewJobs(teacher, APPLICATIONS_PER_HOUR)).toEqual(
      Array<number>(APPLICATIONS_PER_HOUR).fill(201),
    );
    await expectRefused(teacher);
    expect(await applicationsOf(teacher)).toBe(APPLICATIONS_PER_HOUR);
    // The teacher below the limit still applies; the refused one applies again the next hour.
    expect(await applyToNewJobs(control, 1)).toEqual([201]);
    t.clock.advance(HOUR);
    expect(await applyToNewJobs(teacher, 1)).toEqual([201]);
  });

  it(`a day's limit: ${APPLICATIONS_PER_DAY} applications over several hours go through, the next is refused`, async () => {
    const teacher = await teacherWithResume();
    let sent = 0;
    while (sent < APPLICATIONS_PER_DAY) {
      const now = Math.min(APPLICATIONS_PER_HOUR, APPLICATIONS_PER_DAY - sent);
      expect(await applyToNewJobs(teacher, now)).toEqual(Array<number>(now).fill(201));
      sent += now;
      t.clock.advance(HOUR);
    }
    await expectRefused(teacher);
    expect(await applicationsOf(teacher)).toBe(APPLICATIONS_PER_DAY);
    t.clock.advance(24 * HOUR);
    expect(await applyToNewJobs(teacher, 1)).toEqual([201]);
  });
});
