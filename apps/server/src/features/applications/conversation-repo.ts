// Every query of the hiring conversation (BEYOND §10): an application's messages and who has read
// them, when each party was last mailed, its interviews and their times, and its offers.
import type { DbOrTrx } from '../../db/create-db.js';
import { isPostgres } from '../../db/create-db.js';

export type Party = 'teacher' | 'school';

export async function insertMessage(
  db: DbOrTrx,
  row: { id: string; application_id: string; sender: Party; body: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('application_messages')
    .values({ ...row, read_at: null })
    .execute();
}

/** When the conversation's latest message was written, or 0. */
export async function lastMessageAt(db: DbOrTrx, applicationId: string): Promise<number> {
  const row = await db
    .selectFrom('application_messages')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return row?.at == null ? 0 : Number(row.at);
}

export async function findMessages(db: DbOrTrx, applicationId: string) {
  return db
    .selectFrom('application_messages')
    .select(['id', 'sender', 'body', 'created_at'])
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Marks the other party's messages read by `reader`. */
export async function markRead(db: DbOrTrx, applicationId: string, reader: Party, now: number): Promise<void> {
  await db
    .updateTable('application_messages')
    .set({ read_at: now })
    .where('application_id', '=', applicationId)
    .where('sender', '!=', reader)
    .where('read_at', 'is', null)
    .execute();
}

/** Unread messages sent to `reader`, by application. */
export async function countUnread(db: DbOrTrx, applicationIds: string[], reader: Party): Promise<Map<string, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('application_messages')
    .select(['application_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('application_id', 'in', applicationIds)
    .where('sender', '!=', reader)
    .where('read_at', 'is', null)
    .groupBy('application_id')
    .execute();
  return new Map(rows.map((r) => [r.application_id, Number(r.n)]));
}

/**
 * Takes the right to mail `recipient` about this conversation now: true (and the moment written)
 * when they were not mailed since `since`. The row is locked on PostgreSQL, so of two messages at
 * once only one mails.
 */
export async function claimMessageMail(
  db: DbOrTrx,
  applicationId: string,
  recipient: Party,
  now: number,
  since: number,
): Promise<boolean> {
  let query = db
    .selectFrom('conversation_mail')
    .select('mailed_at')
    .where('application_id', '=', applicationId)
    .where('recipient', '=', recipient);
  if (isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (row && Number(row.mailed_at) > since) return false;
  await db
    .insertInto('conversation_mail')
    .values({ application_id: applicationId, recipient, mailed_at: now })
    .onConflict((oc) => oc.columns(['application_id', 'recipient']).doUpdateSet({ mailed_at: now }))
    .execute();
  return true;
}

// ---- interviews ----

export interface InterviewRow {
  id: string;
  application_id: string;
  time_zone: string;
  status: 'proposed' | 'accepted' | 'cancelled';
  accepted_slot_id: string | null;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface SlotRow {
  id: string;
  interview_id: string;
  starts_at: number;
  minutes: number;
  mode: string;
  where_text: string | null;
}

export async function insertInterview(db: DbOrTrx, interview: InterviewRow, slots: SlotRow[]): Promise<void> {
  await db.insertInto('interviews').values(interview).execute();
  await db.insertInto('interview_slots').values(slots).execute();
}

export async function findInterviews(db: DbOrTrx, applicationId: string) {
  const interviews = await db
    .selectFrom('interviews')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const slots = interviews.length
    ? await db
        .selectFrom('interview_slots')
        .selectAll()
        .where(
          'interview_id',
          'in',
          interviews.map((i) => i.id),
        )
        .orderBy('starts_at')
        .orderBy('id')
        .execute()
    : [];
  return { interviews, slots };
}

export async function findInterview(db: DbOrTrx, id: string, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('interviews').selectAll().where('id', '=', id);
  if (options.lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findSlot(db: DbOrTrx, slotId: string) {
  return db.selectFrom('interview_slots').selectAll().where('id', '=', slotId).executeTakeFirst();
}

/** The times of the application's interviews still proposed or accepted, to keep new ones apart. */
export async function findLiveSlots(db: DbOrTrx, applicationId: string) {
  return db
    .selectFrom('interview_slots')
    .innerJoin('interviews', 'interviews.id', 'interview_slots.interview_id')
    .select([
      'interview_slots.starts_at',
      'interview_slots.minutes',
      'interviews.status',
      'interviews.accepted_slot_id',
      'interview_slots.id',
    ])
    .where('interviews.application_id', '=', applicationId)
    .where('interviews.status', 'in', ['proposed', 'accepted'])
    .execute();
}

/** Moves an interview from `from` to its new state: true when it was still at `from`. */
export async function updateInterview(
  db: DbOrTrx,
  id: string,
  from: InterviewRow['status'],
  set: Partial<Pick<InterviewRow, 'status' | 'accepted_slot_id' | 'reason' | 'updated_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('interviews')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ---- offers ----

export interface OfferRow {
  id: string;
  application_id: string;
  terms: string;
  respond_by: string;
  status: 'open' | 'accepted' | 'declined' | 'withdrawn';
  created_at: number;
  answered_at: number | null;
}

export async function insertOffer(db: DbOrTrx, row: OfferRow): Promise<void> {
  await db.insertInto('offers').values(row).execute();
}

/** The application's latest offer. */
export async function findLatestOffer(db: DbOrTrx, applicationId: string): Promise<OfferRow | undefined> {
  return db
    .selectFrom('offers')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function answerOffer(
  db: DbOrTrx,
  id: string,
  status: 'accepted' | 'declined',
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set({ status, answered_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The job's contract sheet and country, to hold an offer against. */
export async function findJobTerms(db: DbOrTrx, jobId: string) {
  return db
    .selectFrom('jobs')
    .select(['terms', 'country', 'duration', 'title', 'company_name', 'email'])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
}

/** A signal for operators (BEYOND §10): an offer worse than its ad, as a report without a reporter. */
export async function insertSignal(
  db: DbOrTrx,
  row: { id: string; job_id: string; details: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('job_reports')
    .values({
      ...row,
      user_id: null,
      reason: 'terms_differ',
      status: 'open',
      resolved_at: null,
      resolved_by: null,
      note: null,
    })
    .execute();
}
