// What every route handler may use: the adapters built once by buildApp.
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/create-db.js';
import type { BlobStore } from './integrations/blobs/blob-store.js';
import type { Mailer } from './integrations/mail/mailer.js';
import type { PaymentProvider } from './integrations/payments/provider.js';
import type { Limiter } from './integrations/limiter/limiter.js';

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface Deps {
  config: Config;
  db: Db;
  mail: Mailer;
  payments: PaymentProvider;
  blobs: BlobStore;
  limiter: Limiter;
  clock: Clock;
  /** For work done outside a request (background mail, timers). Inside a request use request.log. */
  log: Logger;
}
