// The database's tables as Kysely types. Times are epoch milliseconds; booleans are 0/1 integers,
// so the same queries run on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  confirmed_at: number | null;
  created_at: number;
  payment_customer_id: string | null;
  /** Since when the account is an operator (BEYOND §9), or null. */
  operator_since: number | null;
  /** When an operator suspended the account (migration 021), or null. */
  suspended_at: number | null;
}

interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'confirm' | 'reset';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

interface JobsTable {
  id: string;
  user_id: string | null;
  company_name: string;
  email: string;
  country: string;
  city: string;
  pay: string;
  age_group: string;
  duration: string;
  class_size: string;
  start_date: string;
  phone: string;
  link: string;
  description_html: string;
  thumbnail: string | null;
  tile_thumbnail: string | null;
  published_at: number | null;
  relisted_from: string | null;
  /** Set when an operator took the posting down; it never goes live again. */
  taken_down_at: number | null;
  taken_down_reason: string | null;
  /** The posting's own title; empty shows as the default title. */
  title: Generated<string>;
  /** Folded text the keyword search reads (db/job-search.ts), written with the fields it comes from. */
  search_title: Generated<string>;
  search_school: Generated<string>;
  search_city: Generated<string>;
  search_body: Generated<string>;
  created_at: number;
  updated_at: number;
  /** Moves with any change to the posting, its photos or its saves (database triggers). */
  version: Generated<number>;
  /** The contract sheet and what is read of it (migration 016), all written by db/job-terms.ts. */
  terms: string | null;
  tile_salary: string | null;
  tile_badges: Generated<string>;
  terms_flags: Generated<number>;
  terms_month_pay: number | null;
  terms_teaching_hours: number | null;
  /** The permit a sponsored visa names (migration 018). */
  terms_permit: string | null;
  /** The school it is posted under (migration 020), and that school as its tile carries it (JSON). */
  school_id: string | null;
  tile_school: string | null;
  /** Held for review (migration 021): when, and the publication it had, given back on release. */
  held_at: number | null;
  held_published_at: number | null;
}

interface JobImagesTable {
  id: string;
  job_id: string;
  position: number;
  url: string;
  created_at: number;
}

interface FavoritesTable {
  user_id: string;
  job_id: string;
  created_at: number;
}

interface JobMetricsDailyTable {
  job_id: string;
  day: string;
  clicks: number;
  time_spent: number;
  /**
   * Written by releases before a day's saves were read from the saves themselves (favorites); no
   * longer read or written. Left for a later release to drop (expand, then contract).
   */
  saves: Generated<number>;
}

interface ResumesTable {
  id: string;
  user_id: string;
  name: string;
  email: string;
  nationality: string;
  education: string;
  experience: string;
  desired_country: string;
  desired_start_date: string;
  desired_age_group: string;
  profile_image: string | null;
  resume_html: string;
  resume_pdf_key: string | null;
  published_at: number | null;
  last_updated_at: number;
  created_at: number;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: string;
  delta: number;
  reason: 'purchase' | 'coupon' | 'job' | 'relist' | 'admin';
  reference: string;
  created_at: number;
}

export interface PaymentsTable {
  id: string;
  provider: 'test' | 'stripe';
  user_id: string;
  kind: 'credits' | 'subscription';
  quantity: string | null;
  amount_cents: number;
  status: 'pending' | 'succeeded' | 'failed';
  client_secret: string;
  created_at: number;
  updated_at: number;
}

interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  created_at: number;
}

interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: 'test' | 'stripe';
  status: string;
  cancel_at_period_end: number;
  current_period_end: number;
  payment_method_id: string | null;
  created_at: number;
  updated_at: number;
}

interface CouponsTable {
  code: string;
  created_at: number;
  redeemed_by: string | null;
  redeemed_at: number | null;
}

interface ContactMessagesTable {
  id: Generated<number>;
  email: string;
  subject: string;
  text: string;
  created_at: number;
}

interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  created_at: number;
  sent_at: number | null;
  error: string | null;
  html: string | null;
  /** Extra headers as a JSON object, e.g. List-Unsubscribe. */
  headers: string | null;
  /** When a sender took the mail on; a claim older than a few minutes is given up. */
  claimed_at: number | null;
  /** How many times a sender took the mail on; the outbox gives up after MAIL_MAX_ATTEMPTS. */
  attempts: Generated<number>;
  /** A calendar invitation the mail carries (text/calendar, METHOD:REQUEST or CANCEL), or null. */
  ical: string | null;
}

interface JobAlertsTable {
  id: string;
  user_id: string | null;
  email: string | null;
  /** The mailbox `email` reaches (integrations/mail/mailbox.ts), for counting; null for an account's alert. */
  email_key: string | null;
  country: string;
  city: Generated<string>;
  age_group: Generated<string>;
  q: Generated<string>;
  /** The contract-sheet filters (BEYOND §6) as a JSON object of those that are on (migration 016). */
  terms_filter: Generated<string>;
  frequency: string;
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  new_since: number;
  last_mailed_at: number | null;
}

interface JobAlertTokensTable {
  token_hash: string;
  alert_id: string;
  purpose: string;
  created_at: number;
  expires_at: number | null;
  used_at: number | null;
}

interface JobAlertJobsTable {
  alert_id: string;
  job_id: string;
  mailed_at: number;
}

interface ApplicationsTable {
  id: string;
  job_id: string;
  user_id: string;
  cover_letter: Generated<string>;
  status: string;
  created_at: number;
  updated_at: number;
}

interface ApplicationEventsTable {
  id: Generated<number>;
  application_id: string;
  status: string;
  at: number;
}

interface ExpiryNoticesTable {
  job_id: string;
  published_at: number;
  sent_at: number;
}

interface BlobsTable {
  key: string;
  content_type: string;
  data: Buffer;
  created_at: number;
}

/** Versions the database moves itself (triggers): `jobs` changes with any change to any job. */
/** A teacher's facts for visa eligibility (migration 017), private to the account. */
interface EligibilityFactsTable {
  user_id: string;
  /** JSON of EligibilityFactsSchema (@teacheast/shared). */
  facts: string;
  updated_at: number;
}

/** Which job moved a country's jobs version to `version` (migration 015): the keyword index's change feed. */
interface JobChangesTable {
  /** The content_versions row: `jobs:<country>`. */
  name: string;
  version: number;
  job_id: string;
}

/** A school profile (migration 020, BEYOND §8). */
interface SchoolsTable {
  id: string;
  slug: string;
  user_id: string;
  name: string;
  country: string;
  city: string;
  kind: string;
  website: string | null;
  about_html: Generated<string>;
  founded_year: number | null;
  foreign_teachers: number | null;
  logo: string | null;
  /** When its registration check was approved, or null. */
  verified_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A registration check of a school, waiting for an operator or decided. */
interface SchoolVerificationsTable {
  id: string;
  school_id: string;
  kind: 'registration';
  registration_number: string;
  status: 'pending' | 'approved' | 'rejected';
  requested_at: number;
  checked_at: number | null;
  checked_by: string | null;
  note: string | null;
}

/** A report of a posting (migration 021, BEYOND §9). */
interface JobReportsTable {
  id: string;
  job_id: string;
  user_id: string | null;
  reason: string;
  details: string;
  created_at: number;
  status: 'open' | 'dismissed' | 'removed';
  resolved_at: number | null;
  resolved_by: string | null;
  note: string | null;
}

/** A message of the hiring conversation (migration 022, BEYOND §10). */
interface ApplicationMessagesTable {
  id: string;
  application_id: string;
  sender: 'teacher' | 'school';
  body: string;
  created_at: number;
  /** When the other party read it, or null. */
  read_at: number | null;
}

/** When a party of a conversation was last mailed about new messages. */
interface ConversationMailTable {
  application_id: string;
  recipient: 'teacher' | 'school';
  mailed_at: number;
}

interface InterviewsTable {
  id: string;
  application_id: string;
  time_zone: string;
  status: 'proposed' | 'accepted' | 'cancelled';
  accepted_slot_id: string | null;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

interface InterviewSlotsTable {
  id: string;
  interview_id: string;
  starts_at: number;
  minutes: number;
  mode: string;
  where_text: string | null;
}

interface OffersTable {
  id: string;
  application_id: string;
  /** JobTermsSchema as JSON. */
  terms: string;
  /** A date, YYYY-MM-DD. */
  respond_by: string;
  status: 'open' | 'accepted' | 'declined' | 'withdrawn';
  created_at: number;
  answered_at: number | null;
}

/** Who sees a teacher's resume (migration 023, BEYOND §11); no row reads as `board`. */
interface ResumePrivacyTable {
  user_id: string;
  visibility: 'board' | 'applications_only';
  updated_at: number;
}

/** The e-mail domains a teacher's resume is hidden from. */
interface ResumeHiddenDomainsTable {
  user_id: string;
  domain: string;
}

/** Who opened a teacher's resume, once per account a day. */
interface ResumeViewsTable {
  owner_id: string;
  viewer_id: string;
  day: string;
  at: number;
}

/** Every operator action: who, what, on what, when (BEYOND §9). */
interface AuditLogTable {
  id: string;
  at: number;
  actor_id: string | null;
  actor_email: string;
  action: string;
  subject_kind: string;
  subject_id: string;
  note: string | null;
}

/** A posting's page rendered ahead, gzipped, at the version it shows (migration 024, http/posting-pages.ts). */
interface PostingPagesTable {
  job_id: string;
  job_version: number;
  status: string;
  build: string;
  valid_until: number;
  gzipped: Buffer;
}

/** Who saved a posting moves this version, not the posting's own (migration 025). */
interface JobSavesTable {
  job_id: string;
  version: number;
}

interface ContentVersionsTable {
  name: string;
  version: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  jobs: JobsTable;
  job_images: JobImagesTable;
  favorites: FavoritesTable;
  job_metrics_daily: JobMetricsDailyTable;
  resumes: ResumesTable;
  credit_ledger: CreditLedgerTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  subscriptions: SubscriptionsTable;
  coupons: CouponsTable;
  contact_messages: ContactMessagesTable;
  mail_outbox: MailOutboxTable;
  job_alerts: JobAlertsTable;
  job_alert_tokens: JobAlertTokensTable;
  job_alert_jobs: JobAlertJobsTable;
  applications: ApplicationsTable;
  application_events: ApplicationEventsTable;
  expiry_notices: ExpiryNoticesTable;
  blobs: BlobsTable;
  content_versions: ContentVersionsTable;
  job_changes: JobChangesTable;
  eligibility_facts: EligibilityFactsTable;
  schools: SchoolsTable;
  school_verifications: SchoolVerificationsTable;
  audit_log: AuditLogTable;
  job_reports: JobReportsTable;
  application_messages: ApplicationMessagesTable;
  conversation_mail: ConversationMailTable;
  interviews: InterviewsTable;
  interview_slots: InterviewSlotsTable;
  offers: OffersTable;
  resume_privacy: ResumePrivacyTable;
  resume_hidden_domains: ResumeHiddenDomainsTable;
  resume_views: ResumeViewsTable;
  posting_pages: PostingPagesTable;
  job_saves: JobSavesTable;
}

export type JobRow = Selectable<JobsTable>;
export type JobAlertRow = Selectable<JobAlertsTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewJob = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
export type ResumeRow = Selectable<ResumesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SchoolRow = Selectable<SchoolsTable>;
export type NewSchoolVerification = Insertable<SchoolVerificationsTable>;
export type NewPostingPage = Insertable<PostingPagesTable>;
