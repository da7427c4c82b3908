// The teachers' job board over HTTP: search, cities, postings, visit counting, saved jobs, metrics.
import { hash } from 'node:crypto';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CitiesAnswerSchema,
  CountryParamsSchema,
  FavoriteAnswerSchema,
  CompareAnswerSchema,
  CompareQuerySchema,
  JobAnswerSchema,
  JobClickSchema,
  JobImagesSchema,
  JobMetricsSchema,
  JobParamsSchema,
  JobSearchAnswerSchema,
  JobSearchSchema,
  JobTimeAnswerSchema,
  JobTimeSchema,
  MESSAGES,
  MessageSchema,
  SavedJobParamsSchema,
  SavedJobsAnswerSchema,
  UserParamsSchema,
} from '@teacheast/shared';
import { findUser, requireSelf, requireUser } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import { sendJsonText } from '../../lib/json-text.js';
import * as eligibility from '../eligibility/service.js';
import * as jobBoard from './service.js';

/**
 * Public answers that are the same for everybody but change with any write: caches may keep them
 * but must revalidate every time (`no-cache`), and the ETag, a hash of the answer as serialised
 * once, makes an unchanged answer cost no body.
 */
const revalidatedPublicly: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
  // An answer read from the caller's own saved facts is theirs alone.
  if (String(reply.getHeader('cache-control') ?? '').startsWith('private')) return done(null, payload);
  const etag = `W/"${hash('sha1', payload, 'base64url')}"`;
  void reply.header('cache-control', 'public, no-cache').header('etag', etag);
  if (request.headers['if-none-match'] !== etag) return done(null, payload);
  void reply.code(304);
  done(null, '');
};

export function registerJobBoardRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/filter-jobs',
    {
      config: { cache: 'public' },
      schema: { querystring: JobSearchSchema, response: { 200: JobSearchAnswerSchema } },
      onSend: revalidatedPublicly,
    },
    async (request, reply) => {
      const eligible = await eligibility.searchEligibility(deps, request.query, await findUser(deps, request));
      if (eligible?.fromSession) void reply.header('cache-control', 'private, no-store');
      const search = { ...request.query, excludedPermits: eligible?.excludedPermits };
      // The tiles arrive written (JobTileSchema); the answer is only put around them.
      return sendJsonText(reply, await jobBoard.searchAnswerJson(deps, search));
    },
  );

  r.get(
    '/api/jobs/cities/:country',
    {
      config: { cache: 'public' },
      schema: { params: CountryParamsSchema, response: { 200: CitiesAnswerSchema } },
      onSend: revalidatedPublicly,
    },
    async (request) => jobBoard.listCitiesWithJobs(deps, request.params.country),
  );

  r.get(
    '/api/job/:uuid',
    {
      config: { cache: 'per-session' },
      schema: { params: JobParamsSchema, response: { 200: JobAnswerSchema } },
    },
    async (request, reply) => {
      const answer = await jobBoard.jobAnswerJson(deps, request.params.uuid, await findUser(deps, request));
      // Saves change favoritedBy and owners see unpublished jobs: always ask again.
      void reply.header('cache-control', 'private, no-cache');
      // Written by the database.
      return sendJsonText(reply, answer);
    },
  );

  r.get(
    '/api/compare',
    { schema: { querystring: CompareQuerySchema, response: { 200: CompareAnswerSchema } } },
    async (request, reply) => {
      const answer = await jobBoard.compareAnswerJson(deps, request.query.ids);
      // Saves change favoritedBy: always ask again.
      void reply.header('cache-control', 'private, no-cache');
      return sendJsonText(reply, answer);
    },
  );

  r.get(
    '/api/job/images/:uuid',
    {
      config: { cache: 'per-session' },
      schema: { params: JobParamsSchema, response: { 200: JobImagesSchema } },
    },
    async (request, reply) => {
      const images = await jobBoard.getJobImages(deps, request.params.uuid, await findUser(deps, request));
      void reply.header('cache-control', 'private, no-cache');
      return { images };
    },
  );

  r.post('/api/job/clicks', { schema: { body: JobClickSchema, response: { 200: MessageSchema } } }, async (request) =>
    jobBoard.countClick(deps, request.body.uuid, request.clientAddress),
  );

  r.post(
    '/api/job/time',
    {
      schema: {
        body: JobTimeSchema,
        response: { 200: JobTimeAnswerSchema },
      },
    },
    async (request) => jobBoard.addTimeSpent(deps, request.body.uuid, request.body.timeSpent, request.clientAddress),
  );

  r.get(
    '/api/favorites/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: SavedJobsAnswerSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.header('cache-control', 'private, no-store');
      return { jobs: await jobBoard.listSavedJobs(deps, user.id) };
    },
  );

  r.post(
    '/api/favorites/remove/:userUuid/:jobUuid',
    {
      // The app-wide check of {userUuid} runs before validation; it tells anonymous savers 'Must be logged in to save'.
      config: { authMessage: MESSAGES.mustLogInToSave },
      schema: { params: SavedJobParamsSchema, response: { 200: FavoriteAnswerSchema } },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid, MESSAGES.mustLogInToSave);
      return jobBoard.unsaveJob(deps, user.id, request.params.jobUuid);
    },
  );

  r.post(
    '/api/favorites/:userUuid/:jobUuid',
    {
      // The app-wide check of {userUuid} runs before validation; it tells anonymous savers 'Must be logged in to save'.
      config: { authMessage: MESSAGES.mustLogInToSave },
      schema: { params: SavedJobParamsSchema, response: { 200: FavoriteAnswerSchema } },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid, MESSAGES.mustLogInToSave);
      return jobBoard.saveJob(deps, user.id, request.params.jobUuid);
    },
  );

  r.get(
    '/api/job/metrics/:uuid',
    { config: { requiresUser: true }, schema: { params: JobParamsSchema, response: { 200: JobMetricsSchema } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.header('cache-control', 'private, no-store');
      return jobBoard.getJobMetrics(deps, request.params.uuid, user);
    },
  );
}
