// HTTP for visa eligibility (BEYOND §7): the teacher's own facts, and the answer for a job.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EligibilityFactsAnswerSchema,
  EligibilityFactsSchema,
  EligibilityQuerySchema,
  EligibilityResultSchema,
  JobParamsSchema,
  UserParamsSchema,
} from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import { findUser, requireSelf } from '../accounts/sessions.js';
import * as eligibility from './service.js';

export function registerEligibilityRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The facts are personal data: never kept by shared caches.
  const noStore = { 'cache-control': 'private, no-store' };

  r.get(
    '/api/post-resume/eligibility/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: EligibilityFactsAnswerSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return eligibility.getFacts(deps, user);
    },
  );

  r.put(
    '/api/post-resume/eligibility/:userUuid',
    {
      schema: {
        params: UserParamsSchema,
        body: EligibilityFactsSchema,
        response: { 200: EligibilityFactsAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return eligibility.saveFacts(deps, user, request.body);
    },
  );

  r.get(
    '/api/jobs/:uuid/eligibility',
    {
      schema: {
        params: JobParamsSchema,
        querystring: EligibilityQuerySchema,
        response: { 200: EligibilityResultSchema },
      },
    },
    async (request, reply) => {
      const { passport, degree, teflHours, teachingYears } = request.query;
      const asked = { passports: passport, degree, teflHours, teachingYears };
      void reply.headers(noStore);
      return eligibility.jobEligibility(deps, request.params.uuid, await findUser(deps, request), asked);
    },
  );
}
