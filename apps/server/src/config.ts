// The only reader of process.env: parses the configuration once and fails fast with one line per problem.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optional.pipe(z.string().url('must be an absolute URL such as https://teacheast.com').optional()),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/teacheast.db')
    .refine(
      (v) => /^sqlite:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v),
      'must be sqlite:<path>, sqlite::memory: or postgres://…',
    ),
  MEDIA_DIR: z.string().min(1).default('./data/media'),
  BLOB_STORE: z.enum(['fs', 'db'], { error: 'must be fs or db' }).default('fs'),
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
  publicUrl: string;
  databaseUrl: string;
  mediaDir: string;
  blobStore: 'fs' | 'db';
  smtpUrl?: string;
  mailFrom: string;
  contactTo?: string;
  paymentProvider: 'test' | 'stripe';
  stripe?: {
    secretKey: string;
    webhookSecret?: string;
    publishableKey?: string;
    resumeBoardPrice?: string;
  };
  sessionTtlDays: number;
  trustProxy: boolean;
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

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  const problems: string[] = [];
  if (paymentProvider === 'stripe' && !e.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER is stripe');
  }
  if (paymentProvider === 'test' && e.NODE_ENV === 'production' && e.ALLOW_TEST_PAYMENTS !== '1') {
    problems.push(
      'PAYMENT_PROVIDER test is refused in production: set STRIPE_SECRET_KEY, or ALLOW_TEST_PAYMENTS=1 for a demo',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    mediaDir: e.MEDIA_DIR,
    blobStore: e.BLOB_STORE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactTo: e.CONTACT_TO,
    paymentProvider,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          resumeBoardPrice: e.STRIPE_RESUME_BOARD_PRICE,
        }
      : undefined,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    redisUrl: e.REDIS_URL,
    blogUrl: e.BLOG_URL,
    socialUrl: e.SOCIAL_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    signingSecret: e.SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    responseCacheMs: e.RESPONSE_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
  };
}
