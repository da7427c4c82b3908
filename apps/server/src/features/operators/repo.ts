// The operator's role on an account and the audit log of operator actions (BEYOND §9).
import type { DbOrTrx } from '../../db/create-db.js';

export async function operatorSince(db: DbOrTrx, userId: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('operator_since').where('id', '=', userId).executeTakeFirst();
  return row?.operator_since == null ? null : Number(row.operator_since);
}

export async function findUserByEmail(db: DbOrTrx, email: string) {
  return db.selectFrom('users').select(['id', 'email', 'operator_since']).where('email', '=', email).executeTakeFirst();
}

export async function setOperatorSince(db: DbOrTrx, userId: string, since: number | null): Promise<void> {
  await db.updateTable('users').set({ operator_since: since }).where('id', '=', userId).execute();
}

export interface AuditEntry {
  id: string;
  at: number;
  actor_id: string | null;
  actor_email: string;
  action: string;
  subject_kind: string;
  subject_id: string;
  note: string | null;
}

export async function insertAuditEntry(db: DbOrTrx, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

export async function listAuditEntries(db: DbOrTrx, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, at: Number(r.at) }));
}
