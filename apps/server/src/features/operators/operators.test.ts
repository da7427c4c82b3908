// Operators over HTTP (BEYOND §9): the role given by the admin command, routes under /api/operator/
// that do not exist for anyone else, and school registration checks decided with an audit log row
// written in the decision's own transaction.
import { randomUUID } from 'node:crypto';
import type { OwnSchool, PendingVerification } from '@teacheast/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { runAdmin } from '../../admin.js';
import { REGISTRATION_NUMBERS, createOperator, createSchool, pendingCheckOf } from '../schools/test-factories.js';
import { setOperator } from './service.js';

const KR = REGISTRATION_NUMBERS['south-korea'];

describe(`operators (${dialect})`, () => {
  let t: TestApp;
  /** Every route under /api/operator/, read from the live route table. */
  const operatorRoutes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && route.url.startsWith('/api/operator/'))
            operatorRoutes.push({ method, url: route.url });
        }
      },
    });
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    await t.db.deleteFrom('school_verifications').execute();
    await t.db.deleteFrom('audit_log').execute();
    await t.db.deleteFrom('jobs').execute();
  });

  /** The audit log's rows on schools (making an operator writes one on the user too). */
  const auditRows = (subjectKind: 'school' | 'user' = 'school') =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_kind', '=', subjectKind)
      .orderBy('at')
      .orderBy('id')
      .execute();
  const checkRow = (id: string) =>
    t.db.selectFrom('school_verifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const schoolRow = (slug: string) =>
    t.db.selectFrom('schools').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
  const decide = (caller: Record<string, string>, id: string, action: 'approve' | 'reject', payload?: unknown) =>
    t.inject({
      method: 'POST',
      url: `/api/operator/verifications/${id}/${action}`,
      headers: caller,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** A Korean school of a new owner, with `number` asked to be checked. */
  async function schoolWaiting(name: string, number = KR.valid): Promise<{ owner: TestUser; school: OwnSchool }> {
    const owner = await createUser(t);
    const school = await createSchool(t, owner, { name, country: 'south-korea', city: 'Seoul' });
    const res = await t.inject({
      method: 'POST',
      url: `/api/schools/${school.slug}/verification`,
      headers: owner.auth,
      payload: { registrationNumber: number },
    });
    expect(res.statusCode, res.body).toBe(202);
    return { owner, school };
  }

  describe('to everyone but operators the routes do not exist', () => {
    it('answers 404 to anonymous callers and signed-in users, whatever the id or body, and changes nothing', async () => {
      const operator = await createOperator(t);
      const { school } = await schoolWaiting('Hidden Queue School');
      const check = await pendingCheckOf(t, operator, school.slug);
      const user = await createUser(t);
      expect(operatorRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
        expect.arrayContaining([
          'GET /api/operator/verifications',
          'POST /api/operator/verifications/:id/approve',
          'POST /api/operator/verifications/:id/reject',
        ]),
      );
      const failures: string[] = [];
      for (const route of operatorRoutes) {
        for (const id of [check.id, 'not-an-id', randomUUID()]) {
          const url = route.url.replace(/:[A-Za-z]+/g, id);
          for (const caller of [{}, user.auth]) {
            const bodies =
              route.method === 'GET' ? [undefined] : [undefined, {}, { note: 'x' }, { note: 7, extra: true }];
            for (const payload of bodies) {
              const res = await t.inject({
                method: route.method as 'GET',
                url,
                headers: caller,
                ...(payload === undefined ? {} : { payload }),
              });
              const who = 'authorization' in caller ? 'a signed-in user' : 'anonymous';
              if (res.statusCode !== 404)
                failures.push(`${route.method} ${url} as ${who}: ${res.statusCode} ${res.body}`);
              else if (res.json<{ error?: boolean }>().error !== true)
                failures.push(`${route.method} ${url}: ${res.body}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect((await checkRow(check.id)).status).toBe('pending');
      expect((await schoolRow(school.slug)).verified_at).toBeNull();
      expect(await auditRows()).toEqual([]);
    });

    it('ends with the role: a removed operator gets 404 again', async () => {
      const operator = await createOperator(t);
      const queue = () => t.inject({ method: 'GET', url: '/api/operator/verifications', headers: operator.auth });
      expect((await queue()).statusCode).toBe(200);
      expect(await setOperator(t.db, operator.email, false, t.clock.now())).toBe('removed');
      expect((await queue()).statusCode).toBe(404);
    });
  });

  describe('the role', () => {
    it('is given and taken by setOperator, each change written to the audit log as the admin command', async () => {
      const user = await createUser(t);
      const now = t.clock.now();
      expect(await setOperator(t.db, user.email, true, now)).toBe('added');
      expect(await setOperator(t.db, user.email, true, now + 1)).toBe('unchanged');
      expect(
        (await t.db.selectFrom('users').select('operator_since').where('id', '=', user.id).executeTakeFirstOrThrow())
          .operator_since,
      ).toBe(now);
      expect(await setOperator(t.db, user.email, false, now + 2)).toBe('removed');
      expect(await setOperator(t.db, user.email, false, now + 3)).toBe('unchanged');
      expect(await setOperator(t.db, 'nobody@example.com', true, now)).toBe('no-such-user');
      expect((await auditRows('user')).map((r) => ({ ...r, at: Number(r.at), id: typeof r.id }))).toEqual([
        {
          id: 'string',
          at: now,
          actor_id: null,
          actor_email: 'admin command',
          action: 'operator.add',
          subject_kind: 'user',
          subject_id: user.id,
          note: null,
        },
        {
          id: 'string',
          at: now + 2,
          actor_id: null,
          actor_email: 'admin command',
          action: 'operator.remove',
          subject_kind: 'user',
          subject_id: user.id,
          note: null,
        },
      ]);
    });

    it('works for an operator made by `operators add <email>`', async () => {
      const user = await createUser(t);
      const { school } = await schoolWaiting('Admin Command School');
      const lines: string[] = [];
      const code = await runAdmin(['operators', 'add', user.email.toUpperCase()], {
        db: t.db,
        config: t.config,
        mail: t.deps.mail,
        blobs: t.deps.blobs,
        now: () => t.clock.now(),
        out: (line) => lines.push(line),
        log: t.deps.log,
      });
      expect(code).toBe(0);
      expect(lines).toEqual([`${user.email} is now an operator.`]);
      const check = await pendingCheckOf(t, user, school.slug);
      expect((await decide(user.auth, check.id, 'approve', {})).statusCode).toBe(200);
    });
  });

  describe('school verifications', () => {
    it('lists the checks waiting, oldest first, with the school they are for', async () => {
      const operator = await createOperator(t);
      const first = await schoolWaiting('Queue First School');
      t.clock.advance(1000);
      const second = await schoolWaiting('Queue Second School', REGISTRATION_NUMBERS['south-korea'].compact);
      const res = await t.inject({ method: 'GET', url: '/api/operator/verifications', headers: operator.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const { verifications } = res.json<{ verifications: PendingVerification[] }>();
      expect(verifications).toEqual([
        {
          id: expect.any(String) as string,
          school: { slug: first.school.slug, name: 'Queue First School', country: 'south-korea', city: 'Seoul' },
          registrationNumber: KR.compact,
          requestedAt: new Date(t.clock.now() - 1000).toISOString(),
        },
        {
          id: expect.any(String) as string,
          school: { slug: second.school.slug, name: 'Queue Second School', country: 'south-korea', city: 'Seoul' },
          registrationNumber: KR.compact,
          requestedAt: new Date(t.clock.now()).toISOString(),
        },
      ]);
      // A decided check leaves the queue.
      await decide(operator.auth, verifications[0]!.id, 'reject', { note: 'Not found in the register' });
      const after = await t.inject({ method: 'GET', url: '/api/operator/verifications', headers: operator.auth });
      expect(after.json<{ verifications: PendingVerification[] }>().verifications.map((v) => v.id)).toEqual([
        verifications[1]!.id,
      ]);
    });

    it('approves a check: the school is verified, and the audit log says who, what, on what, when, with the note', async () => {
      const operator = await createOperator(t);
      const { school } = await schoolWaiting('Audited Approval School');
      const check = await pendingCheckOf(t, operator, school.slug);
      t.clock.advance(5000);
      const res = await decide(operator.auth, check.id, 'approve', { note: 'Found in the NTS register' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const now = t.clock.now();
      expect(res.json()).toEqual({ id: check.id, status: 'approved', checkedAt: new Date(now).toISOString() });
      const row = await schoolRow(school.slug);
      expect(Number(row.verified_at)).toBe(now);
      expect(await checkRow(check.id)).toMatchObject({
        status: 'approved',
        checked_by: operator.id,
        note: 'Found in the NTS register',
      });
      expect(Number((await checkRow(check.id)).checked_at)).toBe(now);
      const audit = await auditRows();
      expect(audit.map((r) => ({ ...r, at: Number(r.at) }))).toEqual([
        {
          id: expect.any(String) as string,
          at: now,
          actor_id: operator.id,
          actor_email: operator.email,
          action: 'verification.approve',
          subject_kind: 'school',
          subject_id: row.id,
          note: 'Found in the NTS register',
        },
      ]);
    });

    it('rejects a check: the school stays unverified, the owner sees the note, the audit log has the rejection', async () => {
      const operator = await createOperator(t);
      const { owner, school } = await schoolWaiting('Audited Rejection School');
      const check = await pendingCheckOf(t, operator, school.slug);
      const res = await decide(operator.auth, check.id, 'reject', { note: 'The register names a bakery' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: check.id, status: 'rejected' });
      expect((await schoolRow(school.slug)).verified_at).toBeNull();
      const mine = await t.inject({ method: 'GET', url: '/api/my-schools', headers: owner.auth });
      expect(mine.json<{ schools: OwnSchool[] }>().schools[0]).toMatchObject({
        verified: false,
        registration: { status: 'rejected', note: 'The register names a bakery' },
      });
      expect(await auditRows()).toEqual([
        expect.objectContaining({
          actor_id: operator.id,
          actor_email: operator.email,
          action: 'verification.reject',
          subject_kind: 'school',
          subject_id: (await schoolRow(school.slug)).id,
          note: 'The register names a bakery',
        }),
      ]);
    });

    it('answers 404 for a check already decided or unknown, and writes no audit row for it', async () => {
      const operator = await createOperator(t);
      const { school } = await schoolWaiting('Decided Once School');
      const check = await pendingCheckOf(t, operator, school.slug);
      expect((await decide(operator.auth, check.id, 'approve', {})).statusCode).toBe(200);
      expect(await auditRows()).toHaveLength(1);
      for (const action of ['approve', 'reject'] as const) {
        const again = await decide(operator.auth, check.id, action, { note: 'Second thoughts' });
        expect([action, again.statusCode]).toEqual([action, 404]);
        expect(again.json()).toMatchObject({ error: true });
        expect((await decide(operator.auth, randomUUID(), action, {})).statusCode).toBe(404);
      }
      expect(await auditRows()).toHaveLength(1);
      expect(await checkRow(check.id)).toMatchObject({ status: 'approved', note: null });
      // A malformed id is a bad request to an operator.
      expect((await decide(operator.auth, 'not-an-id', 'approve', {})).statusCode).toBe(400);
      // So is a note too long.
      const { school: other } = await schoolWaiting('Long Note School', '220-81-62517');
      const otherCheck = await pendingCheckOf(t, operator, other.slug);
      const long = await decide(operator.auth, otherCheck.id, 'reject', { note: 'x'.repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ fields: { note: expect.any(String) as string } });
      expect(await auditRows()).toHaveLength(1);
    });

    it('approves with no body at all (the note is optional)', async () => {
      const operator = await createOperator(t);
      const { school } = await schoolWaiting('Bodiless Approval School');
      const check = await pendingCheckOf(t, operator, school.slug);
      const res = await decide(operator.auth, check.id, 'approve');
      expect(res.statusCode, res.body).toBe(200);
      expect(await auditRows()).toEqual([expect.objectContaining({ action: 'verification.approve', note: null })]);
    });

    it('refuses with 409 REGISTRATION_CLAIMED to approve a number another school holds approved, writing nothing', async () => {
      const operator = await createOperator(t);
      const first = await schoolWaiting('First Claimant School');
      const second = await schoolWaiting('Second Claimant School');
      const firstCheck = await pendingCheckOf(t, operator, first.school.slug);
      const secondCheck = await pendingCheckOf(t, operator, second.school.slug);
      expect((await decide(operator.auth, firstCheck.id, 'approve', {})).statusCode).toBe(200);
      const res = await decide(operator.auth, secondCheck.id, 'approve', { note: 'Looks right' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: true, errorType: 'REGISTRATION_CLAIMED' });
      expect(await checkRow(secondCheck.id)).toMatchObject({ status: 'pending', checked_at: null, checked_by: null });
      expect((await schoolRow(second.school.slug)).verified_at).toBeNull();
      expect((await auditRows()).map((r) => r.action)).toEqual(['verification.approve']);
      // It can still be rejected.
      expect((await decide(operator.auth, secondCheck.id, 'reject', { note: 'Claimed' })).statusCode).toBe(200);
    });

    it('approves one of two schools with the same number when both are approved at once; the other is 409', async () => {
      const operator = await createOperator(t);
      // A few rounds, so the two decisions overlap in the database at least once.
      for (let round = 0; round < 5; round++) {
        const first = await schoolWaiting(`Racing First School ${round}`);
        const second = await schoolWaiting(`Racing Second School ${round}`);
        const ids = [
          (await pendingCheckOf(t, operator, first.school.slug)).id,
          (await pendingCheckOf(t, operator, second.school.slug)).id,
        ];
        const results = await Promise.all(ids.map((id) => decide(operator.auth, id, 'approve', {})));
        expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409]);
        expect(results.find((r) => r.statusCode === 409)?.json()).toMatchObject({ errorType: 'REGISTRATION_CLAIMED' });
        const approved = await t.db
          .selectFrom('school_verifications')
          .select('id')
          .where('status', '=', 'approved')
          .execute();
        expect(approved).toHaveLength(1);
        expect(await auditRows()).toHaveLength(1);
        await t.db.deleteFrom('school_verifications').execute();
        await t.db.deleteFrom('audit_log').execute();
      }
    });

    it('decides a check once when two operators decide it at once', async () => {
      const operators = [await createOperator(t), await createOperator(t)];
      const { school } = await schoolWaiting('Doubly Decided School');
      const check = await pendingCheckOf(t, operators[0]!, school.slug);
      const results = await Promise.all([
        decide(operators[0]!.auth, check.id, 'approve', {}),
        decide(operators[1]!.auth, check.id, 'reject', { note: 'No' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      const audit = await auditRows();
      expect(audit).toHaveLength(1);
      const row = await checkRow(check.id);
      expect(audit[0]!.action).toBe(row.status === 'approved' ? 'verification.approve' : 'verification.reject');
      expect((await schoolRow(school.slug)).verified_at === null).toBe(row.status === 'rejected');
    });

    it('writes the decision and its audit row in one transaction: when the log cannot be written, nothing is decided', async () => {
      const operator = await createOperator(t);
      const { school } = await schoolWaiting('Unlogged Decision School');
      const job = await createPublishedJob(t, (await schoolRow(school.slug)).user_id);
      await t.db
        .updateTable('jobs')
        .set({ school_id: (await schoolRow(school.slug)).id })
        .where('id', '=', job)
        .execute();
      const check = await pendingCheckOf(t, operator, school.slug);
      // The log refuses one note, as a full disk or a lost connection would refuse the row.
      if (dialect === 'sqlite') {
        await sql`create trigger audit_refuses before insert on audit_log when new.note = 'refused'
          begin select raise(abort, 'audit refused'); end`.execute(t.db);
      } else {
        await sql`create function audit_refuses() returns trigger language plpgsql as $$
          begin if new.note = 'refused' then raise exception 'audit refused'; end if; return new; end $$`.execute(t.db);
        await sql`create trigger audit_refuses before insert on audit_log
          for each row execute function audit_refuses()`.execute(t.db);
      }
      try {
        const res = await decide(operator.auth, check.id, 'approve', { note: 'refused' });
        expect(res.statusCode).toBe(500);
        expect(await checkRow(check.id)).toMatchObject({
          status: 'pending',
          checked_at: null,
          checked_by: null,
          note: null,
        });
        expect((await schoolRow(school.slug)).verified_at).toBeNull();
        expect(
          (await t.db.selectFrom('jobs').select('tile_school').where('id', '=', job).executeTakeFirstOrThrow())
            .tile_school,
        ).toBeNull();
        expect(await auditRows()).toEqual([]);
        // With a note the log takes, it goes through.
        expect((await decide(operator.auth, check.id, 'approve', { note: 'logged' })).statusCode).toBe(200);
        expect((await auditRows()).map((r) => r.note)).toEqual(['logged']);
      } finally {
        await sql`drop trigger audit_refuses${sql.raw(dialect === 'sqlite' ? '' : ' on audit_log')}`.execute(t.db);
        if (dialect === 'postgres') await sql`drop function audit_refuses()`.execute(t.db);
      }
    });
  });
});
