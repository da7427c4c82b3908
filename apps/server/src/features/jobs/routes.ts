// HTTP for a school's own jobs: the job wizard (details, description, images, preview, publish) and
// the account's lists (create, relist, unpublished, published, expired).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CarouselUploadSchema,
  CreatedJobSchema,
  ExpiredJobsAnswerSchema,
  HeaderImageAnswerSchema,
  HeaderImageUploadSchema,
  IMAGE_BODY_LIMIT,
  JobDetailsAnswerSchema,
  JobDetailsSchema,
  JobImagesSchema,
  JobSchema,
  JobTermsAnswerSchema,
  JobTermsSchema,
  MessageSchema,
  OwnJobParamsSchema,
  PageQuerySchema,
  PublishedJobsAnswerSchema,
  RichTextSchema,
  SavedHeaderImageAnswerSchema,
  SavedJobDetailsAnswerSchema,
  UnpublishedJobsAnswerSchema,
  PublishJobSchema,
  UserParamsSchema,
} from '@teacheast/shared';
import { requireSelf } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import * as jobs from './service.js';

export function registerJobRoutes(app: FastifyInstance, deps: Deps): void {
  registerWizardRoutes(app, deps);
  registerAccountJobRoutes(app, deps);
}

function registerWizardRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Image routes carry data URLs; everything else keeps the app's 100 KB limit.
  const imageRoute = { bodyLimit: IMAGE_BODY_LIMIT };

  r.get(
    '/api/jobs/details/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, response: { 200: JobDetailsAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.getJobDetails(deps, user.id, request.params.uuid);
    },
  );

  r.post(
    '/api/jobs/details/:uuid/:userUuid',
    {
      schema: {
        params: OwnJobParamsSchema,
        body: JobDetailsSchema,
        response: { 200: SavedJobDetailsAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.saveJobDetails(deps, user.id, request.params.uuid, request.body);
    },
  );

  r.get(
    '/api/jobs/terms/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, response: { 200: JobTermsAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.getJobTerms(deps, user.id, request.params.uuid);
    },
  );

  r.put(
    '/api/jobs/terms/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, body: JobTermsSchema, response: { 200: JobTermsAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.saveJobTerms(deps, user.id, request.params.uuid, request.body);
    },
  );

  r.get(
    '/api/job/richtext/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, response: { 200: RichTextSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.getDescription(deps, user.id, request.params.uuid);
    },
  );

  r.post(
    '/api/job/richtext/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, body: RichTextSchema, response: { 200: RichTextSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.saveDescription(
        deps,
        user.id,
        request.params.uuid,
        request.body.descriptionHTML,
        request.body.acknowledgeWarnings,
      );
    },
  );

  r.get(
    '/api/job/image-crop/:uuid/:userUuid',
    {
      schema: {
        params: OwnJobParamsSchema,
        response: { 200: HeaderImageAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.getHeaderImage(deps, user.id, request.params.uuid);
    },
  );

  r.post(
    '/api/job/image-crop/:uuid/:userUuid',
    {
      ...imageRoute,
      schema: {
        params: OwnJobParamsSchema,
        body: HeaderImageUploadSchema,
        response: { 200: SavedHeaderImageAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.saveHeaderImage(deps, user.id, request.params.uuid, request.body.thumbnail);
    },
  );

  r.get(
    '/api/job/image-upload/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, response: { 200: JobImagesSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.getCarouselImages(deps, user.id, request.params.uuid);
    },
  );

  r.post(
    '/api/job/image-upload/:uuid/:userUuid',
    {
      ...imageRoute,
      schema: {
        params: OwnJobParamsSchema,
        body: CarouselUploadSchema,
        response: { 200: JobImagesSchema },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.saveCarouselImages(deps, user.id, request.params.uuid, request.body.images);
    },
  );

  r.get(
    '/api/job/preview/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, response: { 200: JobSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.previewJob(deps, user.id, request.params.uuid);
    },
  );

  r.post(
    '/api/job/publish/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, body: PublishJobSchema.nullish(), response: { 200: MessageSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.publishJob(deps, user.id, request.params.uuid, request.body?.acknowledgeWarnings);
    },
  );
}

function registerAccountJobRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/jobs/create/:userUuid',
    { schema: { params: UserParamsSchema, response: { 201: CreatedJobSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return reply.status(201).send(await jobs.createJob(deps, user.id));
    },
  );

  r.post(
    '/api/jobs/relist/:uuid/:userUuid',
    { schema: { params: OwnJobParamsSchema, response: { 201: CreatedJobSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return reply.status(201).send(await jobs.relistJob(deps, user.id, request.params.uuid));
    },
  );

  r.get(
    '/api/jobs/unpublished/user/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: UnpublishedJobsAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.listUnpublished(deps, user.id);
    },
  );

  r.get(
    '/api/jobs/published/:userUuid',
    {
      schema: {
        params: UserParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PublishedJobsAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.listPublished(deps, user.id, request.query.page);
    },
  );

  r.get(
    '/api/jobs/expired/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: ExpiredJobsAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.listExpired(deps, user.id);
    },
  );
}
