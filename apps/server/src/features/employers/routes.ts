// The employers' HTTP surface: credits and payments, the job wizard, the account's job lists, coupons.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDIT_PACK_NAMES,
  CouponSignUpSchema,
  CreatedJobSchema,
  CurrentUserSchema,
  JobDetailsSchema,
  JobDetailsViewSchema,
  JobImagesSchema,
  JobSchema,
  JobTileSchema,
  IMAGE_BODY_LIMIT,
  MAX_CAROUSEL_IMAGES,
  MessageSchema,
  RichTextSchema,
  pageParam,
  uuidParam,
} from '@teacheast/shared';
import { requireSelf, requireUser } from '../../http/auth.js';
import type { Deps } from '../../http/context.js';
import { AppError } from '../../errors.js';
import { createWebhookVerifier, WebhookSignatureError } from '../../integrations/payments/stripe-webhooks.js';
import { refuseHoneypot } from '../accounts/service.js';
import * as coupons from './coupons-service.js';
import * as jobs from './jobs-service.js';
import * as payments from './payments-service.js';

/** Image routes carry data URLs; everything else keeps the app's 100 KB limit. */

const UserParams = z.object({ userUuid: uuidParam });
const JobParams = z.object({ uuid: uuidParam, userUuid: uuidParam });

const CardSchema = z.object({
  number: z.string({ error: 'Required' }).trim().min(1, 'Required').max(30),
  exp: z
    .string({ error: 'Required' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM/YY'),
  cvc: z
    .string({ error: 'Required' })
    .trim()
    .regex(/^\d{3,4}$/, 'Three or four digits'),
});

export function registerEmployerRoutes(app: FastifyInstance, deps: Deps): void {
  registerPaymentRoutes(app, deps);
  registerWizardRoutes(app, deps);
  registerAccountJobRoutes(app, deps);
  registerCouponRoutes(app, deps);
}

function registerPaymentRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/credits/:userUuid',
    { schema: { params: UserParams, response: { 200: z.object({ credits: z.number() }) } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return payments.creditsOf(deps, user.id);
    },
  );

  r.post(
    '/api/payments-jobs/',
    {
      config: { requiresUser: true },
      schema: {
        body: z.object({
          quantity: z.enum(CREDIT_PACK_NAMES, { error: 'Choose one, five or ten' }),
          userUuid: uuidParam,
        }),
        response: { 200: z.object({ client_secret: z.string() }) },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.body.userUuid);
      return payments.createCreditIntent(deps, user.id, request.body.quantity);
    },
  );

  if (deps.payments.name === 'test') {
    r.post(
      '/api/test-payments/confirm',
      {
        config: { requiresUser: true },
        schema: {
          body: z.object({ client_secret: z.string().min(1).max(255), card: CardSchema }),
          response: { 200: z.object({ status: z.literal('succeeded') }) },
        },
      },
      async (request) => {
        const user = await requireUser(deps, request);
        return payments.confirmTestPayment(deps, user.id, request.body);
      },
    );

    r.post(
      '/api/test-payments/payment-methods',
      { schema: { body: z.object({ card: CardSchema }), response: { 200: z.object({ id: z.string() }) } } },
      async (request) => {
        await requireUser(deps, request);
        return payments.createTestPaymentMethod(request.body.card);
      },
    );
  }

  if (deps.payments.name === 'stripe') {
    const secretKey = deps.config.stripe?.secretKey;
    const webhookSecret = deps.config.stripe?.webhookSecret;
    const verify = secretKey && webhookSecret ? createWebhookVerifier(secretKey, webhookSecret) : null;
    // The signature covers the exact bytes Stripe sent, so this route reads its body raw.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope.post('/api/stripe/webhook', async (request) => {
        if (!verify) throw new AppError(503, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = verify(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            throw new AppError(400, 'The webhook signature could not be verified.', { errorType: 'BAD_SIGNATURE' });
          }
          throw err;
        }
        return payments.handleStripeEvent(deps, event);
      });
    });
  }
}

function registerWizardRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const imageRoute = { bodyLimit: IMAGE_BODY_LIMIT };

  r.get(
    '/api/jobs/details/:uuid/:userUuid',
    { schema: { params: JobParams, response: { 200: z.object({ job: JobDetailsViewSchema }) } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.getJobDetails(deps, user.id, request.params.uuid);
    },
  );

  r.post(
    '/api/jobs/details/:uuid/:userUuid',
    {
      schema: {
        params: JobParams,
        body: JobDetailsSchema,
        response: { 200: z.object({ job: JobDetailsViewSchema, message: z.string() }) },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.saveJobDetails(deps, user.id, request.params.uuid, request.body);
    },
  );

  r.get(
    '/api/job/richtext/:uuid/:userUuid',
    { schema: { params: JobParams, response: { 200: RichTextSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.getDescription(deps, user.id, request.params.uuid);
    },
  );

  r.post(
    '/api/job/richtext/:uuid/:userUuid',
    { schema: { params: JobParams, body: RichTextSchema, response: { 200: RichTextSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.saveDescription(deps, user.id, request.params.uuid, request.body.descriptionHTML);
    },
  );

  r.get(
    '/api/job/image-crop/:uuid/:userUuid',
    {
      schema: {
        params: JobParams,
        response: { 200: z.object({ thumbnail: z.string().nullable(), tileThumbnail: z.string().nullable() }) },
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
        params: JobParams,
        body: z.object({ thumbnail: z.string({ error: 'Required' }).min(1, 'Required') }),
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            thumbnail: z.string(),
            tileThumbnail: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.saveHeaderImage(deps, user.id, request.params.uuid, request.body.thumbnail);
    },
  );

  r.get(
    '/api/job/image-upload/:uuid/:userUuid',
    { schema: { params: JobParams, response: { 200: JobImagesSchema } } },
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
        params: JobParams,
        body: z.object({
          images: z
            .array(z.string().min(1).max(IMAGE_BODY_LIMIT))
            .max(MAX_CAROUSEL_IMAGES, `A job can have at most ${MAX_CAROUSEL_IMAGES} carousel images`),
        }),
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
    { schema: { params: JobParams, response: { 200: JobSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.previewJob(deps, user.id, request.params.uuid);
    },
  );

  r.post(
    '/api/job/publish/:uuid/:userUuid',
    { schema: { params: JobParams, response: { 200: MessageSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.publishJob(deps, user.id, request.params.uuid);
    },
  );
}

function registerAccountJobRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/jobs/create/:userUuid',
    { schema: { params: UserParams, response: { 201: CreatedJobSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return reply.status(201).send(await jobs.createJob(deps, user.id));
    },
  );

  r.post(
    '/api/jobs/relist/:uuid/:userUuid',
    { schema: { params: JobParams, response: { 201: CreatedJobSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return reply.status(201).send(await jobs.relistJob(deps, user.id, request.params.uuid));
    },
  );

  r.get(
    '/api/jobs/unpublished/user/:userUuid',
    { schema: { params: UserParams, response: { 200: z.object({ unpublishedJobs: z.array(JobTileSchema) }) } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.listUnpublished(deps, user.id);
    },
  );

  r.get(
    '/api/jobs/published/:userUuid',
    {
      schema: {
        params: UserParams,
        querystring: z.object({ page: pageParam }),
        response: { 200: z.object({ publishedJobs: z.array(JobTileSchema) }) },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.listPublished(deps, user.id, request.query.page);
    },
  );

  r.get(
    '/api/jobs/expired/:userUuid',
    { schema: { params: UserParams, response: { 200: z.object({ expiredJobs: z.array(JobTileSchema) }) } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return jobs.listExpired(deps, user.id);
    },
  );
}

function registerCouponRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/coupon/create-account-with-job',
    {
      schema: {
        body: CouponSignUpSchema,
        response: { 201: z.object({ message: z.string(), currentUser: CurrentUserSchema }) },
      },
    },
    async (request, reply) => {
      refuseHoneypot(request.body.password2);
      const { token, message, currentUser } = await coupons.redeemCoupon(deps, request.body, request.clientAddress);
      return reply.status(201).header('auth-token', token).send({ message, currentUser });
    },
  );
}
