// The hiring conversation (BEYOND §10): messages between the teacher who applied and the job's owner,
// interviews the school proposes as up to five times in its own time zone and the teacher accepts
// one of (both get a calendar invitation), and the offer, held against the ad line by line. Only the
// two parties see any of it (404 for anyone else); every write and its mail share one transaction.
import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_OPEN_DAYS_AFTER_CLOSE,
  DEFAULT_JOB_TITLE,
  INTERVIEW_DAYS_AHEAD_MAX,
  MESSAGE_MAIL_EVERY_MINUTES,
  OFFER_FIELD_LABELS,
  offerDifferences,
  termsIssues,
  type ApplicationDetail,
  type ConversationMessage,
  type Interview,
  type InterviewProposalInput,
  type JobTerms,
  type Offer,
} from '@teacheast/shared';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { isUniqueViolation, type DbOrTrx } from '../../db/create-db.js';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { OutboxMail } from '../../integrations/mail/repo.js';
import type { AuthUser } from '../accounts/sessions.js';
import * as talk from './conversation-repo.js';
import * as repo from './repo.js';

const NO_SUCH_APPLICATION = 'No such application';
const MINUTE = 60_000;
const DAY = 86_400_000;

type Row = repo.ApplicationWithPeople;
type Party = talk.Party;

const iso = (ms: number) => new Date(ms).toISOString();
const jobName = (row: Pick<Row, 'job_title' | 'job_company_name'>) =>
  `${row.job_title || DEFAULT_JOB_TITLE} at ${row.job_company_name}`;

/** The application and which party the caller is; 404 for anyone but the teacher and the job's owner. */
export async function partyOf(deps: Pick<Deps, 'db'>, user: AuthUser, id: string): Promise<{ row: Row; party: Party }> {
  const row = await repo.findApplication(deps.db, id);
  if (row?.user_id === user.id) return { row, party: 'teacher' };
  if (row && row.job_owner_id === user.id) return { row, party: 'school' };
  throw notFound(NO_SUCH_APPLICATION);
}

/** The owner of the job only (404 for anyone else, the teacher included). */
async function schoolOf(deps: Pick<Deps, 'db'>, user: AuthUser, id: string): Promise<Row> {
  const { row, party } = await partyOf(deps, user, id);
  if (party !== 'school') throw notFound(NO_SUCH_APPLICATION);
  return row;
}

/** The teacher who applied only (404 for anyone else, the school included). */
async function teacherOf(deps: Pick<Deps, 'db'>, user: AuthUser, id: string): Promise<Row> {
  const { row, party } = await partyOf(deps, user, id);
  if (party !== 'teacher') throw notFound(NO_SUCH_APPLICATION);
  return row;
}

const ENDED = ['closed', 'withdrawn', 'declined', 'rejected'];

/** Whether messages may still be sent: until 30 days after the stage that ended the application. */
function isConversationOpen(row: Pick<Row, 'status' | 'updated_at'>, now: number): boolean {
  return !ENDED.includes(row.status) || Number(row.updated_at) >= now - CONVERSATION_OPEN_DAYS_AFTER_CLOSE * DAY;
}

/** Where each party is written to: the school at the job's contact address, the teacher at their own. */
const addressOf = (row: Row, party: Party) => (party === 'school' ? row.job_email : row.applicant_email);
const other = (party: Party): Party => (party === 'school' ? 'teacher' : 'school');

/** The conversation's page: the same for both parties, each reading it as who they are. */
function link(deps: Pick<Deps, 'config'>, row: Row, _party: Party): string {
  return `${deps.config.publicUrl}/applications/${row.id}`;
}

async function storeAll(deps: Deps, trx: DbOrTrx, mails: OutboxMail[]) {
  const stored = [];
  for (const mail of mails) stored.push(await deps.mail.store(trx, mail));
  return stored;
}

// ---- messages ----

function messageOf(m: { id: string; sender: string; body: string; created_at: number | string }): ConversationMessage {
  return { id: m.id, from: m.sender as Party, body: m.body, at: iso(Number(m.created_at)) };
}

/** The conversation's messages, oldest first; the other party's are read by the reader from now on. */
export async function listMessages(deps: Deps, user: AuthUser, id: string): Promise<ConversationMessage[]> {
  const { party } = await partyOf(deps, user, id);
  await talk.markRead(deps.db, id, party, deps.clock.now());
  return (await talk.findMessages(deps.db, id)).map(messageOf);
}

export async function postMessage(deps: Deps, user: AuthUser, id: string, body: string): Promise<ConversationMessage> {
  const { row, party } = await partyOf(deps, user, id);
  const now = deps.clock.now();
  if (!isConversationOpen(row, now)) {
    throw new AppError(409, 'This application ended more than 30 days ago: its conversation is closed.', {
      errorType: 'CONVERSATION_CLOSED',
    });
  }
  const message = { id: randomUUID(), application_id: id, sender: party, body, created_at: now };
  const recipient = other(party);
  const stored = await deps.db.transaction().execute(async (trx) => {
    // Two messages in one millisecond keep the order they were sent in: the later is a millisecond on.
    message.created_at = Math.max(now, (await talk.lastMessageAt(trx, id)) + 1);
    await talk.insertMessage(trx, message);
    // At most one mail a quarter of an hour to each party of a conversation: the rest wait in it.
    if (!(await talk.claimMessageMail(trx, id, recipient, now, now - MESSAGE_MAIL_EVERY_MINUTES * MINUTE))) return [];
    const sender = party === 'school' ? row.job_company_name : row.applicant_name || 'The teacher';
    return storeAll(deps, trx, [
      {
        to: addressOf(row, recipient),
        subject: `New message about ${jobName(row)}`,
        // Plain text only: what they wrote is quoted as it is, never as HTML.
        text:
          `${sender} wrote to you on TeachEast about ${jobName(row)}:\n\n${body}\n\n` +
          `Read and answer it here:\n${link(deps, row, recipient)}\n`,
      },
    ]);
  });
  stored.forEach((m) => deps.mail.deliver(m));
  return messageOf(message);
}

/** Unread messages of the other party on each of these applications, for `reader`. */
export function unreadOf(deps: Pick<Deps, 'db'>, ids: string[], reader: Party): Promise<Map<string, number>> {
  return talk.countUnread(deps.db, ids, reader);
}

// ---- interviews ----

async function interviewsOf(db: DbOrTrx, id: string): Promise<Interview[]> {
  const { interviews, slots } = await talk.findInterviews(db, id);
  return interviews.map((i) => ({
    id: i.id,
    timeZone: i.time_zone,
    slots: slots
      .filter((s) => s.interview_id === i.id)
      .map((s) => ({
        id: s.id,
        startsAt: iso(Number(s.starts_at)),
        minutes: s.minutes,
        mode: s.mode as Interview['slots'][number]['mode'],
        where: s.where_text,
      })),
    acceptedSlotId: i.accepted_slot_id,
    status: i.status,
    reason: i.reason,
    createdAt: iso(Number(i.created_at)),
  }));
}

/** A time in words in a zone, e.g. "Tue, 1 Dec 2026, 11:00 (Asia/Seoul)". */
function timeIn(ms: number, timeZone: string): string {
  const words = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
  return `${words} (${timeZone})`;
}

const OPEN_TO_INTERVIEWS = ['submitted', 'viewed', 'shortlisted', 'interview'];

export async function proposeInterview(
  deps: Deps,
  user: AuthUser,
  id: string,
  proposal: InterviewProposalInput,
): Promise<Interview> {
  const row = await schoolOf(deps, user, id);
  if (!OPEN_TO_INTERVIEWS.includes(row.status)) {
    throw new AppError(409, 'This application is no longer open to interviews.', { errorType: 'STATUS_CHANGED' });
  }
  const now = deps.clock.now();
  const slots = proposal.slots.map((s) => ({
    id: randomUUID(),
    starts_at: Date.parse(s.startsAt),
    minutes: s.minutes,
    mode: s.mode,
    where_text: s.where?.trim() || null,
  }));
  const live = await talk.findLiveSlots(deps.db, id);
  const fields: Record<string, string> = {};
  slots.forEach((slot, i) => {
    const end = slot.starts_at + slot.minutes * MINUTE;
    if (slot.starts_at <= now) fields[`slots.${i}.startsAt`] = 'This time has passed';
    else if (slot.starts_at > now + INTERVIEW_DAYS_AHEAD_MAX * DAY) {
      fields[`slots.${i}.startsAt`] = `No more than ${INTERVIEW_DAYS_AHEAD_MAX} days ahead`;
    } else {
      const overlaps = (start: number, minutes: number) => start < end && slot.starts_at < start + minutes * MINUTE;
      // The times still offered, and the one chosen of an accepted proposal (its others are free again).
      const taken = live.filter((o) => o.status === 'proposed' || o.accepted_slot_id === o.id);
      const clash =
        slots.some((o, j) => j !== i && overlaps(o.starts_at, o.minutes)) ||
        taken.some((o) => overlaps(Number(o.starts_at), o.minutes));
      if (clash) fields[`slots.${i}.startsAt`] = 'This time overlaps another';
    }
  });
  const first = Object.entries(fields)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, fields);

  const interview: talk.InterviewRow = {
    id: randomUUID(),
    application_id: id,
    // As the runtime names it ('asia/tokyo' is Asia/Tokyo).
    time_zone: new Intl.DateTimeFormat('en-US', { timeZone: proposal.timeZone }).resolvedOptions().timeZone,
    status: 'proposed',
    accepted_slot_id: null,
    reason: null,
    created_at: now,
    updated_at: now,
  };
  const stored = await deps.db.transaction().execute(async (trx) => {
    await talk.insertInterview(
      trx,
      interview,
      slots.map((s) => ({ ...s, interview_id: interview.id })),
    );
    const times = slots.map((s) => `- ${timeIn(s.starts_at, interview.time_zone)}, ${s.minutes} minutes`).join('\n');
    return storeAll(deps, trx, [
      {
        to: row.applicant_email,
        subject: `Interview times for ${jobName(row)}`,
        text:
          `${row.job_company_name} would like to interview you for ${jobName(row)}. Choose one of these times ` +
          `(shown in the school's time zone; TeachEast shows them in yours too):\n\n${times}\n\n` +
          `Choose a time here:\n${link(deps, row, 'teacher')}\n`,
      },
    ]);
  });
  stored.forEach((m) => deps.mail.deliver(m));
  // The stage moves to `interview` (its own mail said what it needed to).
  if (row.status !== 'interview') await moveQuietly(deps, row, 'interview');
  return (await interviewsOf(deps.db, id)).find((i) => i.id === interview.id)!;
}

/** Moves the stage without a mail of its own (the conversation's mail says it). */
async function moveQuietly(deps: Deps, row: Row, to: string): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.moveStatusFrom(trx, row.id, row.status, to, now))) return false;
    await repo.insertEvent(trx, row.id, to, now);
    return true;
  });
}

const slotGone = () =>
  new AppError(409, 'This time is no longer offered: it was withdrawn, or another time was chosen.', {
    errorType: 'SLOT_GONE',
  });

/** The calendar invitation of an interview time, in UTC, as both parties receive it. */
function invitation(
  now: number,
  method: ICalCalendarMethod,
  event: { uid: string; start: number; minutes: number; summary: string; description: string; location: string | null },
  organizer: { name: string; email: string },
  attendee: { name: string; email: string },
  sequence: number,
): string {
  const calendar = ical({ prodId: { company: 'TeachEast', product: 'Interviews', language: 'EN' }, method });
  calendar.createEvent({
    id: event.uid,
    sequence,
    start: new Date(event.start),
    end: new Date(event.start + event.minutes * MINUTE),
    // When the invitation was made (RFC 5545: with a METHOD, DTSTAMP is that moment).
    stamp: new Date(now),
    summary: event.summary,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    organizer,
    attendees: [{ ...attendee, rsvp: true }],
  });
  return calendar.toString();
}

export async function acceptSlot(deps: Deps, user: AuthUser, id: string, slotId: string): Promise<Interview> {
  const row = await teacherOf(deps, user, id);
  const now = deps.clock.now();
  const slot = await talk.findSlot(deps.db, slotId);
  const interview = slot ? await talk.findInterview(deps.db, slot.interview_id) : undefined;
  if (!slot || !interview || interview.application_id !== id) throw notFound('No such interview time');
  // An application that ended (rejected, withdrawn, closed) holds no interview any more.
  if (!OPEN_TO_INTERVIEWS.includes(row.status)) throw slotGone();
  const stored = await deps.db.transaction().execute(async (trx) => {
    if (
      !(await talk.updateInterview(trx, interview.id, 'proposed', {
        status: 'accepted',
        accepted_slot_id: slotId,
        updated_at: now,
      }))
    ) {
      throw slotGone();
    }
    const when = timeIn(Number(slot.starts_at), interview.time_zone);
    const event = {
      uid: `${slotId}@teacheast`,
      start: Number(slot.starts_at),
      minutes: slot.minutes,
      summary: `Interview: ${jobName(row)}`,
      description: `Interview on TeachEast for ${jobName(row)} with ${row.applicant_name || row.applicant_email}.`,
      location: slot.where_text,
    };
    const school = { name: row.job_company_name, email: row.job_email };
    const teacher = { name: row.applicant_name || row.applicant_email, email: row.applicant_email };
    const ics = invitation(now, ICalCalendarMethod.REQUEST, event, school, teacher, 0);
    return storeAll(deps, trx, [
      {
        to: row.job_email,
        subject: `Interview accepted: ${jobName(row)}`,
        text: `${teacher.name} accepted the interview on ${when}. The invitation is attached.\n\n${link(deps, row, 'school')}\n`,
        ical: ics,
      },
      {
        to: row.applicant_email,
        subject: `Your interview: ${jobName(row)}`,
        text: `Your interview with ${row.job_company_name} is on ${when}. The invitation is attached.\n\n${link(deps, row, 'teacher')}\n`,
        ical: ics,
      },
    ]);
  });
  stored.forEach((m) => deps.mail.deliver(m));
  return (await interviewsOf(deps.db, id)).find((i) => i.id === interview.id)!;
}

/** Either party cancels an interview with a reason (to move it, the school then proposes new times). */
export async function cancelInterview(
  deps: Deps,
  user: AuthUser,
  id: string,
  interviewId: string,
  reason: string,
): Promise<Interview> {
  const { row, party } = await partyOf(deps, user, id);
  const interview = await talk.findInterview(deps.db, interviewId);
  if (!interview || interview.application_id !== id || interview.status === 'cancelled') {
    throw notFound('No such interview');
  }
  const now = deps.clock.now();
  const recipient = other(party);
  const stored = await deps.db.transaction().execute(async (trx) => {
    if (
      !(await talk.updateInterview(trx, interviewId, interview.status, {
        status: 'cancelled',
        reason,
        updated_at: now,
      }))
    ) {
      throw new AppError(409, 'This interview has just changed: look at it again.', { errorType: 'STATUS_CHANGED' });
    }
    const slot = interview.accepted_slot_id ? await talk.findSlot(trx, interview.accepted_slot_id) : undefined;
    // An accepted time is in both calendars: the cancellation takes it out.
    const ics = slot
      ? invitation(
          now,
          ICalCalendarMethod.CANCEL,
          {
            uid: `${slot.id}@teacheast`,
            start: Number(slot.starts_at),
            minutes: slot.minutes,
            summary: `Interview: ${jobName(row)}`,
            description: `Cancelled: ${reason}`,
            location: slot.where_text,
          },
          { name: row.job_company_name, email: row.job_email },
          { name: row.applicant_name || row.applicant_email, email: row.applicant_email },
          1,
        )
      : undefined;
    const who = party === 'school' ? row.job_company_name : row.applicant_name || 'The teacher';
    return storeAll(
      deps,
      trx,
      (slot ? (['school', 'teacher'] as const) : [recipient]).map((to) => ({
        to: addressOf(row, to),
        subject: `Interview cancelled: ${jobName(row)}`,
        text: `${who} cancelled the interview for ${jobName(row)}: ${reason}\n\n${link(deps, row, to)}\n`,
        ...(ics ? { ical: ics } : {}),
      })),
    );
  });
  stored.forEach((m) => deps.mail.deliver(m));
  return (await interviewsOf(deps.db, id)).find((i) => i.id === interviewId)!;
}

// ---- offers ----

function jobTermsOf(terms: string | null): JobTerms | null {
  return terms === null ? null : (JSON.parse(terms) as JobTerms);
}

function offerOf(row: talk.OfferRow, posted: JobTerms | null): Offer {
  const terms = JSON.parse(row.terms) as JobTerms;
  return {
    id: row.id,
    terms,
    respondBy: row.respond_by,
    status: row.status,
    createdAt: iso(Number(row.created_at)),
    answeredAt: row.answered_at === null ? null : iso(Number(row.answered_at)),
    differences: offerDifferences(posted, terms),
  };
}

const offerExists = () =>
  new AppError(409, 'This application already has an offer waiting for an answer.', { errorType: 'OFFER_EXISTS' });

export async function makeOffer(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: { terms: JobTerms; respondBy: string },
): Promise<Offer> {
  const row = await schoolOf(deps, user, id);
  const now = deps.clock.now();
  const job = await talk.findJobTerms(deps.db, row.job_id);
  const issues = termsIssues(input.terms, job);
  if (issues.length > 0) {
    const fields = Object.fromEntries(issues.map((issue) => [`terms.${issue.path}`, issue.message]));
    throw badRequest(`terms.${issues[0]!.path}: ${issues[0]!.message}`, fields);
  }
  const today = iso(now).slice(0, 10);
  if (input.respondBy < today) throw badRequest('respondBy: The date has passed', { respondBy: 'The date has passed' });
  const existing = await talk.findLatestOffer(deps.db, id);
  if (existing?.status === 'open') throw offerExists();
  // A first offer, or a new one after the teacher declined (or after the stage was set by hand).
  if (![...OPEN_TO_INTERVIEWS, 'offered', 'declined'].includes(row.status)) {
    throw new AppError(409, 'This application is no longer open to an offer.', { errorType: 'STATUS_CHANGED' });
  }
  const offer: talk.OfferRow = {
    id: randomUUID(),
    application_id: id,
    terms: JSON.stringify(input.terms),
    respond_by: input.respondBy,
    status: 'open',
    created_at: now,
    answered_at: null,
  };
  const posted = jobTermsOf(job.terms);
  const answer = offerOf(offer, posted);
  let stored;
  try {
    stored = await deps.db.transaction().execute(async (trx) => {
      await talk.insertOffer(trx, offer);
      if (!(await repo.moveStatusFrom(trx, id, row.status, 'offered', now))) {
        throw new AppError(409, 'This application has just changed: look at it again.', {
          errorType: 'STATUS_CHANGED',
        });
      }
      await repo.insertEvent(trx, id, 'offered', now);
      // An offer that gives less than the ad on pay, housing, flights or the visa is a signal for operators.
      const worse = answer.differences.filter((d) => d.worse).map((d) => OFFER_FIELD_LABELS[d.field].toLowerCase());
      if (worse.length > 0) {
        await talk.insertSignal(trx, {
          id: randomUUID(),
          job_id: row.job_id,
          details: `An offer made on TeachEast gives less than the ad on: ${worse.join(', ')}.`,
          created_at: now,
        });
      }
      const lines = answer.differences.map(
        (d) => `- ${OFFER_FIELD_LABELS[d.field]}: ${d.offered} (the ad: ${d.posted ?? 'not stated'})`,
      );
      return storeAll(deps, trx, [
        {
          to: row.applicant_email,
          subject: `An offer for ${jobName(row)}`,
          text:
            `${row.job_company_name} offers you ${jobName(row)}. Please answer by ${input.respondBy}.\n\n` +
            (lines.length
              ? `Where the offer differs from the ad:\n${lines.join('\n')}\n\n`
              : 'The offer is as the ad said.\n\n') +
            `Read the offer and answer it here:\n${link(deps, row, 'teacher')}\n`,
        },
      ]);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw offerExists();
    throw err;
  }
  stored.forEach((m) => deps.mail.deliver(m));
  return answer;
}

/** The teacher accepts or declines the open offer: the application moves to accepted or declined. */
export async function answerOffer(deps: Deps, user: AuthUser, id: string, accept: boolean): Promise<Offer> {
  const row = await teacherOf(deps, user, id);
  const now = deps.clock.now();
  const offer = await talk.findLatestOffer(deps.db, id);
  if (!offer || offer.status !== 'open') throw notFound('No offer waits for an answer');
  const status = accept ? 'accepted' : 'declined';
  const stored = await deps.db.transaction().execute(async (trx) => {
    if (!(await talk.answerOffer(trx, offer.id, status, now))) throw notFound('No offer waits for an answer');
    if (await repo.moveStatusFrom(trx, id, row.status, status, now)) await repo.insertEvent(trx, id, status, now);
    return storeAll(deps, trx, [
      {
        to: row.job_email,
        subject: `Offer ${status}: ${jobName(row)}`,
        text: `${row.applicant_name || row.applicant_email} ${status} your offer for ${jobName(row)}.\n\n${link(deps, row, 'school')}\n`,
      },
    ]);
  });
  stored.forEach((m) => deps.mail.deliver(m));
  const job = await talk.findJobTerms(deps.db, row.job_id);
  return offerOf({ ...offer, status, answered_at: now }, jobTermsOf(job.terms));
}

/** What the conversation adds to an application as either party reads it. */
export async function conversationParts(
  deps: Pick<Deps, 'db' | 'clock'>,
  row: Row,
  party: Party,
): Promise<Pick<ApplicationDetail, 'as' | 'job' | 'interviews' | 'offer' | 'open'>> {
  const [interviews, offer, job] = await Promise.all([
    interviewsOf(deps.db, row.id),
    talk.findLatestOffer(deps.db, row.id),
    talk.findJobTerms(deps.db, row.job_id),
  ]);
  return {
    as: party,
    job: {
      uuid: row.job_id,
      title: row.job_title || DEFAULT_JOB_TITLE,
      companyName: row.job_company_name,
      country: row.job_country,
    },
    interviews,
    offer: offer ? offerOf(offer, jobTermsOf(job.terms)) : null,
    open: isConversationOpen(row, deps.clock.now()),
  };
}
