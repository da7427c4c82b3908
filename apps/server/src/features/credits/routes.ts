// HTTP for job credits: the balance, and coupon sign-up (an account with its free job).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CouponSignUpAnswerSchema, CouponSignUpSchema, CreditsAnswerSchema, UserParamsSchema } from '@teacheast/shared';
import { requireSelf } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import { refuseHoneypot } from '../accounts/service.js';
import * as coupons from './coupons-service.js';
import * as credits from './service.js';

export function registerCreditRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/credits/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: CreditsAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return credits.creditsOf(deps, user.id);
    },
  );

  r.post(
    '/api/coupon/create-account-with-job',
    {
      schema: { body: CouponSignUpSchema, response: { 201: CouponSignUpAnswerSchema } },
    },
    async (request, reply) => {
      refuseHoneypot(request.body.password2);
      const { token, message, currentUser } = await coupons.redeemCoupon(deps, request.body, request.clientAddress);
      return reply.status(201).header('auth-token', token).send({ message, currentUser });
    },
  );
}
