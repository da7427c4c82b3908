// Every payload of the corpus, stored through every rich-text field, comes back with nothing executable.
import { isStorableText } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft } from '../../src/features/jobs/test-factories.js';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../harness.js';
import { unsafeParts } from './xss-check.js';
import { XSS_PAYLOADS } from './xss-corpus.js';

describe(`stored XSS through the API (${dialect})`, () => {
  let t: TestApp;
  let school: TestUser;
  let teacher: TestUser;
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp();
    school = await createUser(t);
    teacher = await createUser(t);
    jobId = await createDraft(t, school);
  });
  afterAll(async () => t.close());

  it('job descriptions', async () => {
    const problems: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const html = `<p>Intro</p>${payload}<p>Outro</p>`;
      const save = await t.inject({
        method: 'POST',
        url: `/api/job/richtext/${jobId}/${school.id}`,
        headers: school.auth,
        payload: { descriptionHTML: html },
      });
      // Payloads hiding a NUL inside a tag are refused outright (text no database can keep).
      if (!isStorableText(payload)) {
        expect(save.statusCode).toBe(400);
        continue;
      }
      expect(save.statusCode).toBe(200);
      const row = await t.db
        .selectFrom('jobs')
        .select('description_html')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      const unsafe = unsafeParts(row.description_html);
      if (unsafe.length) problems.push(`${payload} → ${unsafe.join(', ')}`);
      expect(row.description_html).toContain('<p>Intro</p>');
    }
    expect(problems).toEqual([]);
  });

  it('resume text', async () => {
    const problems: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const html = `<p>My teaching experience</p>${payload}`;
      const save = await t.inject({
        method: 'PATCH',
        url: `/api/post-resume/resume/${teacher.id}`,
        headers: teacher.auth,
        payload: { resumeHtml: html },
      });
      if (!isStorableText(payload)) {
        expect(save.statusCode).toBe(400);
        continue;
      }
      expect(save.statusCode).toBe(200);
      const row = await t.db
        .selectFrom('resumes')
        .select('resume_html')
        .where('user_id', '=', teacher.id)
        .executeTakeFirstOrThrow();
      const unsafe = unsafeParts(row.resume_html);
      if (unsafe.length) problems.push(`${payload} → ${unsafe.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});
