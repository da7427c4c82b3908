// Applications over HTTP (BEYOND §5): a teacher applies, lists and withdraws; a job's owner lists its
// applications, opens one (which marks it viewed) and moves it on. The conversation (BEYOND §10):
// messages, interviews and the offer, each to its two parties alone. Every route needs a session.
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  InterviewAnswerSchema,
  InterviewCancelSchema,
  InterviewParamsSchema,
  InterviewProposalSchema,
  InterviewSlotParamsSchema,
  MessageAnswerSchema,
  MessageCreateSchema,
  MessagesAnswerSchema,
  OfferAnswerSchema,
  OfferCreateSchema,
} from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { requireUser } from '../accounts/sessions.js';
import * as conversation from './conversation.js';
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

  // ---- the conversation (BEYOND §10) ----

  /** Checks, before the body is read, that the caller is a party of the application (404 otherwise). */
  const partyFirst = (only?: 'teacher' | 'school') => ({
    preValidation: async (request: FastifyRequest) => {
      const user = await requireUser(deps, request);
      const id = String((request.params as { id?: unknown }).id ?? '');
      if (!/^[0-9a-f-]{36}$/i.test(id)) return;
      const { party } = await conversation.partyOf(deps, user, id);
      if (only && party !== only) throw notFound('No such application');
    },
  });
  const own = { 'cache-control': PRIVATE };

  r.get(
    '/api/applications/:id/messages',
    {
      config: { requiresUser: true },
      schema: { params: ApplicationParamsSchema, response: { 200: MessagesAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.headers(own);
      return { messages: await conversation.listMessages(deps, user, request.params.id) };
    },
  );

  r.post(
    '/api/applications/:id/messages',
    {
      config: { requiresUser: true },
      ...partyFirst(),
      schema: { params: ApplicationParamsSchema, body: MessageCreateSchema, response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const message = await conversation.postMessage(deps, user, request.params.id, request.body.body);
      return reply.status(201).headers(own).send({ message });
    },
  );

  r.post(
    '/api/applications/:id/interviews',
    {
      config: { requiresUser: true },
      ...partyFirst('school'),
      schema: {
        params: ApplicationParamsSchema,
        body: InterviewProposalSchema,
        response: { 201: InterviewAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const interview = await conversation.proposeInterview(deps, user, request.params.id, request.body);
      return reply.status(201).headers(own).send({ interview });
    },
  );

  r.post(
    '/api/applications/:id/interviews/:slotId/accept',
    {
      config: { requiresUser: true },
      schema: { params: InterviewSlotParamsSchema, response: { 200: InterviewAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.headers(own);
      return { interview: await conversation.acceptSlot(deps, user, request.params.id, request.params.slotId) };
    },
  );

  r.post(
    '/api/applications/:id/interviews/:interviewId/cancel',
    {
      config: { requiresUser: true },
      ...partyFirst(),
      schema: { params: InterviewParamsSchema, body: InterviewCancelSchema, response: { 200: InterviewAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.headers(own);
      const { id, interviewId } = request.params;
      return { interview: await conversation.cancelInterview(deps, user, id, interviewId, request.body.reason) };
    },
  );

  r.post(
    '/api/applications/:id/offer',
    {
      config: { requiresUser: true },
      ...partyFirst('school'),
      schema: { params: ApplicationParamsSchema, body: OfferCreateSchema, response: { 201: OfferAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const offer = await conversation.makeOffer(deps, user, request.params.id, request.body);
      return reply.status(201).headers(own).send({ offer });
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    r.post(
      `/api/applications/:id/offer/${answer}`,
      {
        config: { requiresUser: true },
        schema: { params: ApplicationParamsSchema, response: { 200: OfferAnswerSchema } },
      },
      async (request, reply) => {
        const user = await requireUser(deps, request);
        void reply.headers(own);
        return { offer: await conversation.answerOffer(deps, user, request.params.id, answer === 'accept') };
      },
    );
  }
}
