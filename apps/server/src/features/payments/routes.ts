// HTTP for payments: a credit pack's payment intent, then the test provider's card confirmation, or
// the provider's webhooks (Stripe's), whichever the provider offers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClientSecretAnswerSchema,
  CreditIntentSchema,
  TestPaymentConfirmAnswerSchema,
  TestPaymentConfirmSchema,
  TestPaymentMethodAnswerSchema,
  TestPaymentMethodSchema,
  WebhookAnswerSchema,
} from '@teacheast/shared';
import { requireSelf, requireUser } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import * as payments from './service.js';

export function registerPaymentRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/payments-jobs/',
    {
      config: { requiresUser: true },
      schema: {
        body: CreditIntentSchema,
        response: { 200: ClientSecretAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.body.userUuid);
      return payments.createCreditIntent(deps, user.id, request.body.quantity);
    },
  );

  const cards = deps.payments.testCards;
  if (cards) {
    r.post(
      '/api/test-payments/confirm',
      {
        config: { requiresUser: true },
        schema: { body: TestPaymentConfirmSchema, response: { 200: TestPaymentConfirmAnswerSchema } },
      },
      async (request) => {
        const user = await requireUser(deps, request);
        return payments.confirmTestPayment(deps, cards, user.id, request.body);
      },
    );

    r.post(
      '/api/test-payments/payment-methods',
      { schema: { body: TestPaymentMethodSchema, response: { 200: TestPaymentMethodAnswerSchema } } },
      async (request) => {
        await requireUser(deps, request);
        return payments.createTestPaymentMethod(cards, request.body.card);
      },
    );
  }

  const webhooks = deps.payments.webhooks;
  if (webhooks) {
    // The signature covers the exact bytes the provider sent, so this route reads its body raw.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope.post('/api/stripe/webhook', { schema: { response: { 200: WebhookAnswerSchema } } }, async (request) =>
        payments.receiveWebhook(deps, webhooks, request.body as Buffer, request.headers),
      );
    });
  }
}
