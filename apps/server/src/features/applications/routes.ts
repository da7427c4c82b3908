// Applications over HTTP (BEYOND §5): a teacher applies, lists and withdraws; a job's owner lists its
// applications, opens one (which marks it viewed) and moves it on. Every route needs a session.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplicantAnswerSchema,
  ApplicationAnswerSchema,
  ApplicationDecisionSchema,
  ApplicationParamsSchema,
  ApplySchema,
  JobApplicationsAnswerSchema,
  JobApplicationsParamsSchema,
  MyApplicationsAnswerSchema,
} from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import { requireUser } from '../accounts/sessions.js';
import * as applications from './service.js';

const PRIVATE = 'private, no-store';

export function registerApplicationRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mustLogIn = 'You must log in to apply';

  r.post(
    '/api/jobs/:jobUuid/applications',
    {
      config: { requiresUser: true, authMessage: mustLogIn },
      // No body at all is an application without a cover letter.
      schema: {
        params: JobApplicationsParamsSchema,
        body: ApplySchema.nullish(),
        response: { 201: ApplicationAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request, mustLogIn);
      const coverLetter = request.body?.coverLetter ?? '';
      const acknowledged = request.body?.acknowledgeEligibility === true;
      const application = await applications.apply(deps, user, request.params.jobUuid, coverLetter, acknowledged);
      return reply.status(201).send({ application });
    },
  );

  r.get(
    '/api/jobs/:jobUuid/applications',
    {
      config: { requiresUser: true },
      schema: { params: JobApplicationsParamsSchema, response: { 200: JobApplicationsAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.header('cache-control', PRIVATE);
      return { applications: await applications.listForJob(deps, user, request.params.jobUuid) };
    },
  );

  r.get(
    '/api/applications',
    { config: { requiresUser: true }, schema: { response: { 200: MyApplicationsAnswerSchema } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.header('cache-control', PRIVATE);
      return { applications: await applications.listMine(deps, user) };
    },
  );

  r.get(
    '/api/applications/:id',
    {
      config: { requiresUser: true },
      schema: { params: ApplicationParamsSchema, response: { 200: ApplicantAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.header('cache-control', PRIVATE);
      return { application: await applications.open(deps, user, request.params.id) };
    },
  );

  r.patch(
    '/api/applications/:id',
    {
      config: { requiresUser: true },
      // Only the job's owner learns anything, even that the body is wrong: the owner is checked first.
      preValidation: async (request) => {
        const user = await requireUser(deps, request);
        await applications.requireJobOwner(deps, user, (request.params as { id: string }).id);
      },
      schema: {
        params: ApplicationParamsSchema,
        body: ApplicationDecisionSchema,
        response: { 200: ApplicantAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(deps, request);
      return { application: await applications.decide(deps, user, request.params.id, request.body.status) };
    },
  );

  r.post(
    '/api/applications/:id/withdraw',
    {
      config: { requiresUser: true },
      schema: { params: ApplicationParamsSchema, response: { 200: ApplicantAnswerSchema } },
    },
    async (request) => {
      const user = await requireUser(deps, request);
      return { application: await applications.withdraw(deps, user, request.params.id) };
    },
  );
}
