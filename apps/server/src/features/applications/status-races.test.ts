// A withdrawal and a school's decision at the same moment: each moves the application only from the
// stage it read, so the status and the history always agree, and a withdrawn application never comes
// back as shortlisted. Run at random (many concurrent pairs) and deterministically (a gate holds one
// request between its read and its write while the other one completes).
import type { Application, ApplicationStatus } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createResume } from '../resumes/test-factories.js';

// The repository as it is, except that a test may hold one read of an application at a gate: the
// `skip`-th next read (0 = the next one) waits, after reading, until the test opens the gate.
const gate = vi.hoisted(() => ({
  armed: null as null | { skip: number; reached: () => void; open: Promise<void> },
}));
vi.mock('./repo.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./repo.js')>();
  return {
    ...actual,
    findApplication: async (...args: Parameters<typeof actual.findApplication>) => {
      const row = await actual.findApplication(...args);
      const armed = gate.armed;
      if (armed && armed.skip-- === 0) {
        gate.armed = null;
        armed.reached();
        await armed.open;
      }
      return row;
    },
  };
});

/** Holds the `skip`-th next read of an application; answers when it is held, and how to let it go. */
function holdRead(skip: number): { held: Promise<void>; release: () => void } {
  let reached!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  const open = new Promise<void>((resolve) => (release = resolve));
  gate.armed = { skip, reached, open };
  return { held, release };
}

describe(`status changes at the same moment (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    gate.armed = null;
    await t.close();
  });

  async function applied(): Promise<{ school: TestUser; teacher: TestUser; id: string }> {
    const school = await createUser(t);
    const teacher = await createUser(t);
    const jobId = await createPublishedJob(t, school.id);
    await createResume(t, teacher.id);
    const res = await t.inject({ method: 'POST', url: `/api/jobs/${jobId}/applications`, headers: teacher.auth });
    expect(res.statusCode).toBe(201);
    return { school, teacher, id: res.json<{ application: Application }>().application.id };
  }

  const withdraw = (c: { teacher: TestUser; id: string }) =>
    t.inject({ method: 'POST', url: `/api/applications/${c.id}/withdraw`, headers: c.teacher.auth });
  const shortlist = (c: { school: TestUser; id: string }) =>
    t.inject({
      method: 'PATCH',
      url: `/api/applications/${c.id}`,
      headers: c.school.auth,
      payload: { status: 'shortlisted' },
    });

  /** The stored status and the history, oldest first. */
  async function stored(id: string): Promise<{ status: string; history: ApplicationStatus[] }> {
    const row = await t.db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    const events = await t.db
      .selectFrom('application_events')
      .select('status')
      .where('application_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return { status: row.status, history: events.map((e) => e.status as ApplicationStatus) };
  }

  /** What must hold whatever the order: the status is the history's last stage, nothing follows a withdrawal,
   *  and every change that answered 200 wrote exactly one history row. */
  function expectConsistent(
    final: { status: string; history: ApplicationStatus[] },
    answers: { statusCode: number }[],
  ): void {
    expect(final.history[0]).toBe('submitted');
    expect(final.history.at(-1)).toBe(final.status);
    const withdrawnAt = final.history.indexOf('withdrawn');
    if (withdrawnAt !== -1) expect(withdrawnAt).toBe(final.history.length - 1);
    expect(final.history).toHaveLength(1 + answers.filter((a) => a.statusCode === 200).length);
  }

  it('a withdrawal and a shortlisting run together twenty times: status and history always agree', async () => {
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 20; i += 1) {
      const c = await applied();
      const [w, s] = await Promise.all([withdraw(c), shortlist(c)]);
      for (const answer of [w, s]) {
        expect([200, 409]).toContain(answer.statusCode);
        if (answer.statusCode === 409) expect(answer.json()).toMatchObject({ error: true });
      }
      const final = await stored(c.id);
      expectConsistent(final, [w, s]);
      // Left shortlisted only when the withdrawal read it submitted and was told it had changed.
      if (final.status === 'shortlisted') expect(w.json()).toMatchObject({ errorType: 'STATUS_CHANGED' });
      const path = final.history.join(' > ');
      outcomes.set(path, (outcomes.get(path) ?? 0) + 1);
    }
    for (const path of outcomes.keys()) {
      expect(['submitted > withdrawn', 'submitted > shortlisted > withdrawn', 'submitted > shortlisted']).toContain(
        path,
      );
    }
  });

  it('a shortlisting held between its read and its write while the teacher withdraws: 409, still withdrawn', async () => {
    const c = await applied();
    // The PATCH reads the application twice: once to check its owner, once to decide. Hold the second.
    const gateAt = holdRead(1);
    const patching = shortlist(c);
    await gateAt.held;
    const w = await withdraw(c);
    expect(w.statusCode).toBe(200);
    gateAt.release();
    const s = await patching;
    expect(s.statusCode).toBe(409);
    expect(s.json()).toMatchObject({
      error: true,
      errorType: 'STATUS_CHANGED',
      message: expect.stringContaining('withdrawn') as string,
    });
    const final = await stored(c.id);
    expect(final).toEqual({ status: 'withdrawn', history: ['submitted', 'withdrawn'] });
    expectConsistent(final, [w, s]);
  });

  it('a withdrawal held between its read and its write while the school shortlists: 409, the teacher sees why', async () => {
    const c = await applied();
    const gateAt = holdRead(0);
    const withdrawing = withdraw(c);
    await gateAt.held;
    const s = await shortlist(c);
    expect(s.statusCode).toBe(200);
    gateAt.release();
    const w = await withdrawing;
    expect(w.statusCode).toBe(409);
    expect(w.json()).toMatchObject({
      error: true,
      errorType: 'STATUS_CHANGED',
      message: expect.stringContaining('shortlisted') as string,
    });
    const final = await stored(c.id);
    expect(final).toEqual({ status: 'shortlisted', history: ['submitted', 'shortlisted'] });
    expectConsistent(final, [w, s]);
    // Now that the teacher has seen the new stage, withdrawing goes through.
    expect((await withdraw(c)).statusCode).toBe(200);
  });

  it('two identical decisions held together: one moves it, the other answers the same stage, one history row', async () => {
    const c = await applied();
    const gateAt = holdRead(1);
    const first = shortlist(c);
    await gateAt.held;
    const second = await shortlist(c);
    gateAt.release();
    const answers = [await first, second];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await stored(c.id)).toEqual({ status: 'shortlisted', history: ['submitted', 'shortlisted'] });
  });

  it('the school opening an application the teacher withdrew meanwhile leaves it withdrawn, with no viewed row', async () => {
    const c = await applied();
    const gateAt = holdRead(0);
    const opening = t.inject({ method: 'GET', url: `/api/applications/${c.id}`, headers: c.school.auth });
    await gateAt.held;
    expect((await withdraw(c)).statusCode).toBe(200);
    gateAt.release();
    const opened = await opening;
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ application: Application }>().application.status).toBe('withdrawn');
    expect(await stored(c.id)).toEqual({ status: 'withdrawn', history: ['submitted', 'withdrawn'] });
  });
});
