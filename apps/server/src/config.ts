// The only reader of process.env: parses the configuration once and fails fast with one line per problem.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** An S3-compatible store's address: http(s), a host, no path (buckets are addressed under it). */
function isStoreAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: optional.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a whole number from 1 to 65535' })
      .int('must be a whole number from 1 to 65535')
      .min(1, 'must be a whole number from 1 to 65535')
      .max(65535, 'must be a whole number from 1 to 65535')
      .optional(),
  ),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optional.pipe(z.string().url('must be an absolute URL such as https://teacheast.com').optional()),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/teacheast.db')
    .refine(
      (v) => /^sqlite:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v),
      'must be sqlite:<path>, sqlite::memory: or postgres://…',
    ),
  MEDIA_DIR: z.string().min(1).default('./data/media'),
  BLOB_STORE: z.enum(['fs', 'db', 's3'], { error: 'must be fs, db or s3' }).default('fs'),
  S3_ENDPOINT: optional.pipe(
    z.string().refine(isStoreAddress, "must be the store's address, such as https://s3.example.com").optional(),
  ),
  S3_BUCKET: optional.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  MIGRATE_ON_START: optional.pipe(
    z
      .enum(['0', '1'], {
        error: 'must be 1 (migrate at start) or 0 (refuse to start until npm run migrate has run)',
      })
      .optional(),
  ),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must look like smtp://host:port')
      .optional(),
  ),
  MAIL_FROM: z.string().min(1).default('TeachEast <hello@localhost>'),
  CONTACT_TO: optional.pipe(z.string().email('must be an e-mail address').optional()),
  PAYMENT_PROVIDER: optional.pipe(z.enum(['test', 'stripe'], { error: 'must be test or stripe' }).optional()),
  ALLOW_TEST_PAYMENTS: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_RESUME_BOARD_PRICE: optional,
  SESSION_TTL_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be a positive number of days')
    .max(3650, 'must be at most 3650 days')
    .default(30),
  TRUST_PROXY: optional,
  REDIS_URL: optional.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must look like redis://host:port')
      .optional(),
  ),
  BLOG_URL: z.string().default('https://blog.teacheast.com'),
  SOCIAL_URL: z.string().default('https://www.facebook.com/teacheast'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  RESPONSE_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(60_000, 'must be at most 60000')
    .optional(),
  SIGNING_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where /metrics is served, apart from the public port; unset: no metrics are kept at all. */
  metricsPort?: number;
  metricsHost: string;
  publicUrl: string;
  databaseUrl: string;
  mediaDir: string;
  blobStore: 'fs' | 'db' | 's3';
  /** BLOB_STORE=s3: the bucket, and where and as whom to reach it. */
  s3?: S3Settings;
  /** Apply pending migrations at start (one machine); false: refuse to start until `npm run migrate` has. */
  migrateOnStart: boolean;
  smtpUrl?: string;
  mailFrom: string;
  contactTo?: string;
  paymentProvider: 'test' | 'stripe';
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    publishableKey: string;
    resumeBoardPrice: string;
  };
  sessionTtlDays: number;
  /**
   * Which connections may name the client's address in X-Forwarded-For: false (none), a number of
   * proxy hops in front of the server, or the proxies' addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  redisUrl?: string;
  blogUrl: string;
  socialUrl: string;
  logLevel: string;
  webDist?: string;
  /** Signs short-lived links (resume PDFs). Set it when several instances serve the same site. */
  signingSecret: string;
  /** How long the hottest read answers are reused (0 turns it off; off by default in tests). */
  responseCacheMs: number;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible store's address (addressed path-style); unset for AWS S3 itself. */
  endpoint?: string;
  /** Unset: the AWS SDK's default chain (environment, shared profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export class ConfigError extends Error {}

/** For entry points: the configuration, or its one-line problem on stderr and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_RESUME_BOARD_PRICE',
] as const;

/** A PUBLIC_URL on this machine: test payments need no explicit opt-in there. */
function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 settings, or what is wrong with them; S3_* variables without BLOB_STORE=s3 are a mistake too. */
function parseS3(e: z.infer<typeof EnvSchema>, problems: string[]): S3Settings | undefined {
  if (e.BLOB_STORE !== 's3') {
    const stray = S3_VARIABLES.filter((name) => e[name]);
    if (stray.length > 0) {
      problems.push(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but BLOB_STORE is ${e.BLOB_STORE}: set BLOB_STORE=s3 to keep uploads in the bucket, or unset ${stray.length === 1 ? 'it' : 'them'}`,
      );
    }
    return undefined;
  }
  if (!e.S3_BUCKET) problems.push('BLOB_STORE s3 needs S3_BUCKET (the bucket uploads are kept in)');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's default credentials",
    );
  }
  return {
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses or CIDR ranges separated by commas (e.g. 10.0.0.0/8)';

/**
 * TRUST_PROXY as a hop count or the proxies' address ranges. "true" (trust every hop) is refused:
 * it would let a client choose its own address by writing X-Forwarded-For.
 */
function parseTrustProxy(value: string | undefined): { value: Config['trustProxy'] } | string {
  if (value === undefined || value === '0' || value === 'false') return { value: false };
  if (/^\d{1,2}$/.test(value)) return { value: Number(value) };
  const entries = value.split(',').map((v) => v.trim());
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || extra !== undefined) return `${TRUST_PROXY_HELP}, not ${JSON.stringify(entry)}`;
  }
  return { value: entries };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  // Any Stripe variable means Stripe mode, so a half-set Stripe set-up stops the server.
  const paymentProvider = e.PAYMENT_PROVIDER ?? (STRIPE_VARIABLES.some((name) => e[name]) ? 'stripe' : 'test');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const problems: string[] = [];
  if (paymentProvider === 'stripe') {
    // Half a Stripe set-up takes money and grants nothing: every variable is needed from the start.
    const missing = STRIPE_VARIABLES.filter((name) => !e[name]);
    if (missing.length > 0) problems.push(`Stripe mode needs ${missing.join(', ')} (missing)`);
  }
  if (paymentProvider === 'test' && e.NODE_ENV === 'production' && e.ALLOW_TEST_PAYMENTS !== '1') {
    problems.push(
      'PAYMENT_PROVIDER test is refused in production: set STRIPE_SECRET_KEY, or ALLOW_TEST_PAYMENTS=1 for a demo',
    );
  } else if (paymentProvider === 'test' && !e.PAYMENT_PROVIDER && !isLocalUrl(publicUrl)) {
    problems.push(
      `PAYMENT_PROVIDER must be set for a public address (PUBLIC_URL ${publicUrl}): stripe with the STRIPE_* variables, or test to take test payments on purpose`,
    );
  }
  if (e.METRICS_PORT === e.PORT) problems.push('METRICS_PORT must differ from PORT: /metrics is never served publicly');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(trustProxy);
  const s3 = parseS3(e, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    mediaDir: e.MEDIA_DIR,
    blobStore: e.BLOB_STORE,
    s3,
    migrateOnStart: e.MIGRATE_ON_START !== '0',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactTo: e.CONTACT_TO,
    paymentProvider,
    stripe:
      paymentProvider === 'stripe'
        ? {
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
            resumeBoardPrice: e.STRIPE_RESUME_BOARD_PRICE!,
          }
        : undefined,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: typeof trustProxy === 'string' ? false : trustProxy.value,
    redisUrl: e.REDIS_URL,
    blogUrl: e.BLOG_URL,
    socialUrl: e.SOCIAL_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    signingSecret: e.SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    responseCacheMs: e.RESPONSE_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 60_000),
  };
}
