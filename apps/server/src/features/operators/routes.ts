// HTTP for operators (BEYOND §9), under /api/operator/: 404 for everyone but operators, signed in or
// not. This part: the school registration checks waiting for a decision.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OperatorNoteSchema,
  PendingVerificationsAnswerSchema,
  VerificationDecisionAnswerSchema,
  VerificationParamsSchema,
} from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import * as operators from './service.js';

export function registerOperatorRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };

  r.get(
    '/api/operator/verifications',
    { schema: { response: { 200: PendingVerificationsAnswerSchema } } },
    async (request, reply) => {
      await operators.requireOperator(deps, request);
      void reply.headers(noStore);
      return { verifications: await operators.listVerifications(deps) };
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    r.post(
      `/api/operator/verifications/:id/${action}`,
      {
        // The operator check comes before the body is read: a stranger's body is never parsed.
        preValidation: async (request) => {
          await operators.requireOperator(deps, request);
        },
        schema: {
          params: VerificationParamsSchema,
          body: OperatorNoteSchema.optional(),
          response: { 200: VerificationDecisionAnswerSchema },
        },
      },
      async (request, reply) => {
        const operator = await operators.requireOperator(deps, request);
        void reply.headers(noStore);
        return operators.decideSchoolVerification(
          deps,
          operator,
          request.params.id,
          action === 'approve',
          request.body?.note,
        );
      },
    );
  }
}
