// The resume board subscription: one live subscription per user, paid through the payment provider,
// and the one question the rest of the product asks ("may this user use the board?").
import { randomUUID } from 'node:crypto';
import {
  ERROR_TYPES,
  SUBSCRIPTION_PERIOD_MS,
  type SubscriptionPaymentAnswer,
  type SubscriptionView,
} from '@teacheast/shared';
import { isUniqueViolation, type DbOrTrx } from '../../db/create-db.js';
import type { SubscriptionRow } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthUser } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import { enforceLimits } from '../../integrations/limiter/limiter.js';
import type { SubscriptionChanged } from '../../integrations/payments/provider.js';
import * as repo from './repo.js';

const MINUTE = 60_000;
/** A claim row whose payment never finished (a crash mid-call) stops blocking the user after this. */
const CLAIM_TIMEOUT_MS = 10 * MINUTE;
/**
 * Stripe renews through an invoice whose webhook may arrive shortly after the period ends; a failed
 * renewal turns the status to past_due, so this grace never grants access to an unpaid period.
 */
const STRIPE_RENEWAL_GRACE_MS = 24 * 60 * MINUTE;
const CLAIM_PREFIX = 'claim_';

const HAS_SUBSCRIPTION = 'HAS_SUBSCRIPTION';
const SUBSCRIPTION_REQUIRED_MESSAGE = 'The Resume Board needs an active subscription.';

/** 'active' only while the paid period lasts; the stored status otherwise ('canceled', 'expired', …). */
function effectiveStatus(row: SubscriptionRow, now: number): string {
  if (row.status !== 'active') return row.status;
  const grace = row.provider === 'stripe' ? STRIPE_RENEWAL_GRACE_MS : 0;
  return row.current_period_end + grace > now ? 'active' : 'expired';
}

/**
 * The test provider keeps no state, so its renewals happen here, lazily, when a row is read:
 * a period that ended renews by whole periods, unless recurring was cancelled, which ends it.
 */
async function refresh(deps: Deps, row: SubscriptionRow): Promise<SubscriptionRow> {
  const now = deps.clock.now();
  if (row.provider !== 'test' || row.status !== 'active' || row.current_period_end > now) return row;
  if (row.cancel_at_period_end === 1) {
    await repo.advanceSubscription(deps.db, row.id, row.current_period_end, {
      status: 'canceled',
      currentPeriodEnd: row.current_period_end,
      now,
    });
  } else {
    const periods = Math.floor((now - row.current_period_end) / SUBSCRIPTION_PERIOD_MS) + 1;
    await repo.advanceSubscription(deps.db, row.id, row.current_period_end, {
      status: 'active',
      currentPeriodEnd: row.current_period_end + periods * SUBSCRIPTION_PERIOD_MS,
      now,
    });
  }
  return (await repo.findSubscription(deps.db, row.id)) ?? row;
}

async function hasActiveSubscription(deps: Deps, userId: string): Promise<boolean> {
  return (await activeSubscriptionUntil(deps, userId)) !== null;
}

/**
 * Until when the user's subscription stays active with no write (its period's end, with Stripe's
 * grace for the renewal), or null when it is not active now.
 */
export async function activeSubscriptionUntil(deps: Deps, userId: string): Promise<number | null> {
  const live = await repo.findLiveSubscription(deps.db, userId);
  if (!live || live.id.startsWith(CLAIM_PREFIX)) return null;
  const row = await refresh(deps, live);
  if (effectiveStatus(row, deps.clock.now()) !== 'active') return null;
  return row.current_period_end + (row.provider === 'stripe' ? STRIPE_RENEWAL_GRACE_MS : 0);
}

export async function requireActiveSubscription(deps: Deps, userId: string): Promise<void> {
  if (!(await hasActiveSubscription(deps, userId))) {
    throw new AppError(403, SUBSCRIPTION_REQUIRED_MESSAGE, { errorType: ERROR_TYPES.SUBSCRIPTION_REQUIRED });
  }
}

const alreadySubscribed = () =>
  new AppError(409, 'You already have an active Resume Board subscription.', { errorType: HAS_SUBSCRIPTION });

/** Refuses when the user already has a live subscription; clears a claim left by a crash. */
async function refuseSecondSubscription(deps: Deps, userId: string): Promise<void> {
  const live = await repo.findLiveSubscription(deps.db, userId);
  if (!live) return;
  if (live.id.startsWith(CLAIM_PREFIX) && live.created_at < deps.clock.now() - CLAIM_TIMEOUT_MS) {
    await repo.deleteSubscription(deps.db, live.id);
    return;
  }
  const current = await refresh(deps, live);
  if (repo.LIVE_STATUSES.includes(current.status as (typeof repo.LIVE_STATUSES)[number])) throw alreadySubscribed();
}

export async function startSubscriptionSetup(deps: Deps, user: AuthUser) {
  await refuseSecondSubscription(deps, user.id);
  const customer = await repo.findCustomer(deps.db, user.id);
  if (!customer) throw notFound('No such user');
  const setup = await deps.payments.createSubscriptionSetup({
    userId: user.id,
    email: customer.email,
    customerId: customer.payment_customer_id,
  });
  if (setup.customerId !== customer.payment_customer_id) await repo.storeCustomerId(deps.db, user.id, setup.customerId);
  return { client_secret: setup.clientSecret, customerId: setup.customerId };
}

export async function payForSubscription(
  deps: Deps,
  user: AuthUser,
  input: { customerId: string; paymentMethodId: string },
): Promise<SubscriptionPaymentAnswer> {
  await enforceLimits(deps.limiter, {
    key: `sub-payment:${user.id}`,
    limit: 10,
    windowMs: 60 * MINUTE,
    message: 'Too many payment attempts. Please wait an hour and try again.',
  });
  const customer = await repo.findCustomer(deps.db, user.id);
  if (!customer?.payment_customer_id || customer.payment_customer_id !== input.customerId) {
    throw new AppError(400, 'This payment was not started from your account. Please start again.');
  }
  await refuseSecondSubscription(deps, user.id);

  // A claim row takes the user's one live slot before the provider is called: the partial unique
  // index lets only one of two concurrent payments through, so a second subscription never starts.
  const claimId = `${CLAIM_PREFIX}${randomUUID()}`;
  const now = deps.clock.now();
  try {
    await repo.insertSubscription(deps.db, {
      id: claimId,
      userId: user.id,
      provider: deps.payments.name,
      status: 'incomplete',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: now,
      paymentMethodId: null,
      now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadySubscribed();
    throw err;
  }

  let sub;
  try {
    sub = await deps.payments.createSubscription({
      userId: user.id,
      customerId: input.customerId,
      paymentMethodId: input.paymentMethodId,
    });
  } catch (err) {
    await repo.deleteSubscription(deps.db, claimId);
    throw err;
  }
  if (sub.status !== 'active') {
    // A declined first payment starts nothing: the provider lets an unpaid subscription lapse on its
    // own, and the user may try again with another card straight away.
    await repo.deleteSubscription(deps.db, claimId);
    return { status: sub.status, id: sub.id };
  }
  await repo.replaceClaim(deps.db, claimId, { ...sub, paymentMethodId: input.paymentMethodId, now: deps.clock.now() });
  return { status: sub.status, id: sub.id };
}

/** The caller's own subscription, or 404 / 403. */
async function ownSubscription(deps: Deps, user: AuthUser, subscriptionId: string): Promise<SubscriptionRow> {
  const row = subscriptionId.startsWith(CLAIM_PREFIX)
    ? undefined
    : await repo.findSubscription(deps.db, subscriptionId);
  if (!row) throw notFound('No such subscription');
  if (row.user_id !== user.id) throw forbidden('This subscription belongs to another account');
  return refresh(deps, row);
}

export async function checkSubscription(deps: Deps, user: AuthUser, subscriptionId: string) {
  const row = await ownSubscription(deps, user, subscriptionId);
  return { status: effectiveStatus(row, deps.clock.now()) };
}

function viewOf(row: SubscriptionRow, now: number): SubscriptionView {
  return {
    status: effectiveStatus(row, now),
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    currentPeriodEnd: new Date(row.current_period_end).toISOString(),
  };
}

export async function readSubscription(deps: Deps, user: AuthUser, subscriptionId: string): Promise<SubscriptionView> {
  return viewOf(await ownSubscription(deps, user, subscriptionId), deps.clock.now());
}

export async function toggleRecurring(deps: Deps, user: AuthUser, subscriptionId: string) {
  const row = await ownSubscription(deps, user, subscriptionId);
  if (effectiveStatus(row, deps.clock.now()) !== 'active') {
    throw new AppError(409, 'Only an active subscription can be changed.');
  }
  const cancel = row.cancel_at_period_end !== 1;
  const state = await deps.payments.setCancelAtPeriodEnd(row.id, cancel);
  await repo.applySubscriptionState(deps.db, { ...state, id: row.id }, deps.clock.now());
  const stored = await repo.findSubscription(deps.db, row.id);
  return { cancelAtPeriodEnd: stored?.cancel_at_period_end === 1 };
}

/**
 * The provider's webhook said a subscription changed (renewed, failed to renew, cancelled, ended):
 * our row takes its latest state, inside the caller's transaction. False when the subscription is
 * not ours.
 */
export function applySubscriptionChange(db: DbOrTrx, change: SubscriptionChanged, now: number): Promise<boolean> {
  return repo.applySubscriptionState(db, change.subscription, now);
}
