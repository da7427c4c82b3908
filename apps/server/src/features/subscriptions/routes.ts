// HTTP for the resume board subscription (SPEC §7): intent, payment, check, read and toggle.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParam } from '@teacheast/shared';
import { requireSelf, requireUser } from '../../http/auth.js';
import type { Deps } from '../../http/context.js';
import * as subscriptions from './service.js';

const providerId = z.string().trim().min(1, 'Required').max(255);

export const SubscriptionViewSchema = z.object({
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string(),
});

const OwnSubscriptionParams = z.object({ userUuid: uuidParam, subscriptionId: providerId });

export function registerSubscriptionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/sub-intent/',
    {
      config: { requiresUser: true },
      schema: {
        body: z.object({ userUuid: uuidParam }),
        response: { 200: z.object({ client_secret: z.string(), customerId: z.string() }) },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.body.userUuid);
      return subscriptions.startSubscriptionSetup(deps, user);
    },
  );

  r.post(
    '/api/sub-payment',
    {
      config: { requiresUser: true },
      schema: {
        body: z.object({ customerId: providerId, paymentMethodId: providerId, userUuid: uuidParam }),
        response: { 200: z.object({ status: z.string(), id: z.string() }) },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.body.userUuid);
      return subscriptions.payForSubscription(deps, user, request.body);
    },
  );

  r.post(
    '/api/check-sub',
    {
      config: { requiresUser: true },
      schema: {
        body: z.object({ subscriptionId: providerId }),
        response: { 200: z.object({ status: z.string() }) },
      },
    },
    async (request) => {
      const user = await requireUser(deps, request);
      return subscriptions.checkSubscription(deps, user, request.body.subscriptionId);
    },
  );

  r.get(
    '/api/subscription/:userUuid/:subscriptionId',
    { schema: { params: OwnSubscriptionParams, response: { 200: SubscriptionViewSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return subscriptions.readSubscription(deps, user, request.params.subscriptionId);
    },
  );

  r.post(
    '/api/subscription/toggle/:userUuid/:subscriptionId',
    { schema: { params: OwnSubscriptionParams, response: { 200: z.object({ cancelAtPeriodEnd: z.boolean() }) } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return subscriptions.toggleRecurring(deps, user, request.params.subscriptionId);
    },
  );
}
