// HTTP for the resume board subscription: intent, payment, check, read and toggle.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SubscriptionCheckAnswerSchema,
  SubscriptionCheckSchema,
  SubscriptionIntentAnswerSchema,
  SubscriptionIntentSchema,
  SubscriptionParamsSchema,
  SubscriptionPaymentAnswerSchema,
  SubscriptionPaymentSchema,
  SubscriptionToggleAnswerSchema,
  SubscriptionViewSchema,
} from '@teacheast/shared';
import { requireSelf, requireUser } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import * as subscriptions from './service.js';

export function registerSubscriptionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/sub-intent/',
    {
      config: { requiresUser: true },
      schema: {
        body: SubscriptionIntentSchema,
        response: { 200: SubscriptionIntentAnswerSchema },
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
        body: SubscriptionPaymentSchema,
        response: { 200: SubscriptionPaymentAnswerSchema },
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
        body: SubscriptionCheckSchema,
        response: { 200: SubscriptionCheckAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(deps, request);
      return subscriptions.checkSubscription(deps, user, request.body.subscriptionId);
    },
  );

  r.get(
    '/api/subscription/:userUuid/:subscriptionId',
    { schema: { params: SubscriptionParamsSchema, response: { 200: SubscriptionViewSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return subscriptions.readSubscription(deps, user, request.params.subscriptionId);
    },
  );

  r.post(
    '/api/subscription/toggle/:userUuid/:subscriptionId',
    { schema: { params: SubscriptionParamsSchema, response: { 200: SubscriptionToggleAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return subscriptions.toggleRecurring(deps, user, request.params.subscriptionId);
    },
  );
}
