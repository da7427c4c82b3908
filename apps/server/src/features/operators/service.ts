// Operators (BEYOND §9): the accounts that decide school checks (and, with trust and safety, reports
// and held jobs). An operator's every action is written to the audit log in the transaction that
// makes it, so the log never says less than was done. To anyone else the operator routes do not
// exist (404).
import { randomUUID } from 'node:crypto';
import type { AuditEntry, PendingVerification } from '@teacheast/shared';
import type { FastifyRequest } from 'fastify';
import { isUniqueViolation, type Db, type DbOrTrx } from '../../db/create-db.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { findUser, type AuthUser } from '../accounts/sessions.js';
import { decideVerification, pendingVerifications, registrationClaimed } from '../schools/service.js';
import * as repo from './repo.js';

/** Whether the account is an operator. */
export async function isOperator(deps: Pick<Deps, 'db'>, userId: string): Promise<boolean> {
  return (await repo.operatorSince(deps.db, userId)) !== null;
}

/** The caller, when they are an operator; 404 to everyone else, signed in or not. */
export async function requireOperator(deps: Deps, request: FastifyRequest): Promise<AuthUser> {
  const user = await findUser(deps, request);
  if (!user || (await repo.operatorSince(deps.db, user.id)) === null) throw notFound();
  return user;
}

/** Who acted: an operator's account, or the admin command on the server's terminal. */
export type Actor = { id: string; email: string } | { id: null; email: 'admin command' };

/** Writes an operator's action to the audit log, in the transaction that makes the action. */
export async function audit(
  trx: DbOrTrx,
  actor: Actor,
  entry: { action: string; subjectKind: string; subjectId: string; note?: string | null | undefined },
  now: number,
): Promise<void> {
  await repo.insertAuditEntry(trx, {
    id: randomUUID(),
    at: now,
    actor_id: actor.id,
    actor_email: actor.email,
    action: entry.action,
    subject_kind: entry.subjectKind,
    subject_id: entry.subjectId,
    note: entry.note || null,
  });
}

export async function listVerifications(deps: Deps): Promise<PendingVerification[]> {
  return pendingVerifications(deps);
}

export async function decideSchoolVerification(
  deps: Deps,
  operator: AuthUser,
  id: string,
  approve: boolean,
  note: string | undefined,
): Promise<{ id: string; status: 'approved' | 'rejected'; checkedAt: string }> {
  const now = deps.clock.now();
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const { schoolId } = await decideVerification(trx, id, {
        approve,
        operatorId: operator.id,
        note: note || null,
        now,
      });
      await audit(
        trx,
        operator,
        {
          action: approve ? 'verification.approve' : 'verification.reject',
          subjectKind: 'school',
          subjectId: schoolId,
          note,
        },
        now,
      );
    })
    .catch((err: unknown) => {
      // Another school's approval of the same number committed first: the unique index refused this one.
      if (approve && isUniqueViolation(err)) throw registrationClaimed();
      throw err;
    });
  return { id, status: approve ? 'approved' : 'rejected', checkedAt: new Date(now).toISOString() };
}

export type OperatorChange = 'added' | 'removed' | 'unchanged' | 'no-such-user';

/** `npm run admin -- operators add|remove <email>`: gives or takes the role, written to the audit log. */
export async function setOperator(db: Db, email: string, operator: boolean, now: number): Promise<OperatorChange> {
  return db.transaction().execute(async (trx) => {
    const user = await repo.findUserByEmail(trx, email);
    if (!user) return 'no-such-user';
    if ((user.operator_since !== null) === operator) return 'unchanged';
    await repo.setOperatorSince(trx, user.id, operator ? now : null);
    await audit(
      trx,
      { id: null, email: 'admin command' },
      { action: operator ? 'operator.add' : 'operator.remove', subjectKind: 'user', subjectId: user.id },
      now,
    );
    return operator ? 'added' : 'removed';
  });
}

/** The audit log, newest first. */
export async function listAudit(deps: Deps, limit = 500): Promise<AuditEntry[]> {
  return (await repo.listAuditEntries(deps.db, limit)).map((e) => ({
    id: e.id,
    at: new Date(e.at).toISOString(),
    actor: e.actor_email,
    action: e.action,
    subjectKind: e.subject_kind,
    subjectId: e.subject_id,
    note: e.note,
  }));
}

/** Who the console is signed in as. */
export async function operatorMe(deps: Deps, operator: AuthUser): Promise<{ email: string; operatorSince: string }> {
  const since = await repo.operatorSince(deps.db, operator.id);
  return { email: operator.email, operatorSince: new Date(since ?? 0).toISOString() };
}
