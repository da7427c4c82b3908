// HTTP for resumes (SPEC §7): the wizard's steps, publishing, the resume page, the resume board and
// the signed links that serve private photos and PDFs. Registers the subscription routes too.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_BODY_LIMIT,
  MessageSchema,
  ResumeBoardSearchSchema,
  ResumeDetailsSchema,
  ResumeSchema,
  ResumeTileSchema,
  uuidParam,
} from '@teacheast/shared';
import { findUser, requireSelf } from '../../http/auth.js';
import type { Deps } from '../../http/context.js';
import { registerSubscriptionRoutes } from '../subscriptions/routes.js';
import * as resumes from './service.js';

const MB = 1024 * 1024;
const UserParams = z.object({ userUuid: uuidParam });
const ResumeParams = z.object({ resumeUuid: uuidParam });

const DetailsAnswerSchema = z.object({
  name: z.string(),
  email: z.string(),
  nationality: z.string(),
  education: z.string(),
  experience: z.string(),
  desiredCountry: z.string(),
  desiredStartDate: z.string(),
  desiredAgeGroup: z.string(),
});
const ProfileImageSchema = z.object({ profileImage: z.string().nullable() });
const ResumeContentSchema = z.object({ resumeHtml: z.string(), resumeUrl: z.string() });
const ResumeContentBodySchema = z.object({
  resumeHtml: z.string().max(500_000, 'The resume text is too long').optional(),
  resumeUrl: z.string().optional(),
});
const SignedLinkQuery = z.object({
  expires: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'Not a valid signature'),
});

export function registerResumeRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Resume answers are personal data: never kept by shared caches or the browser's back-forward cache.
  const noStore = { 'cache-control': 'private, no-store' };

  r.get(
    '/api/post-resume/details/:userUuid',
    { schema: { params: UserParams, response: { 200: DetailsAnswerSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return resumes.getDetails(deps, user);
    },
  );

  r.put(
    '/api/post-resume/details/:userUuid',
    { schema: { params: UserParams, body: ResumeDetailsSchema, response: { 200: DetailsAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return resumes.saveDetails(deps, user, request.body);
    },
  );

  r.get(
    '/api/post-resume/profile-image/:userUuid',
    { schema: { params: UserParams, response: { 200: ProfileImageSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return resumes.getProfileImage(deps, user);
    },
  );

  r.patch(
    '/api/post-resume/profile-image/:userUuid',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        params: UserParams,
        body: z.object({ profileImage: z.string({ error: 'Required' }).min(1, 'Required') }),
        response: { 200: ProfileImageSchema },
      },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return resumes.saveProfileImage(deps, user, request.body.profileImage);
    },
  );

  r.get(
    '/api/post-resume/resume/:userUuid',
    { schema: { params: UserParams, response: { 200: ResumeContentSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return resumes.getResumeContent(deps, user);
    },
  );

  r.patch(
    '/api/post-resume/resume/:userUuid',
    {
      bodyLimit: 2 * MB,
      schema: { params: UserParams, body: ResumeContentBodySchema, response: { 200: ResumeContentSchema } },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return resumes.saveResumeContent(deps, user, request.body);
    },
  );

  r.get(
    '/api/post-resume/preview/:userUuid',
    { schema: { params: UserParams, response: { 200: ResumeSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return resumes.getPreview(deps, user);
    },
  );

  r.post(
    '/api/post-resume/publish/:userUuid',
    { schema: { params: UserParams, response: { 200: MessageSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return resumes.publishResume(deps, user);
    },
  );

  r.get(
    '/api/resume-details/:resumeUuid',
    { schema: { params: ResumeParams, response: { 200: ResumeSchema } } },
    async (request, reply) => {
      const resume = await resumes.readResume(deps, await findUser(deps, request), request.params.resumeUuid);
      void reply.headers(noStore);
      return resume;
    },
  );

  r.get(
    '/api/resume-board/filter/:userUuid',
    {
      config: { cache: 'per-session' },
      schema: {
        params: UserParams,
        querystring: ResumeBoardSearchSchema,
        response: { 200: z.object({ results: z.array(ResumeTileSchema) }) },
      },
    },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      const answer = await resumes.searchResumeBoard(deps, user, request.query);
      void reply.headers(noStore);
      return answer;
    },
  );

  r.get(
    '/api/resume-pdf/:resumeUuid',
    { schema: { params: ResumeParams, querystring: SignedLinkQuery } },
    async (request, reply) => {
      const blob = await resumes.openSignedFile(deps, 'pdf', request.params.resumeUuid, request.query);
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': 'inline; filename="resume.pdf"',
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        })
        .send(blob.data);
    },
  );

  r.get(
    '/api/resume-image/:resumeUuid',
    { schema: { params: ResumeParams, querystring: SignedLinkQuery } },
    async (request, reply) => {
      const blob = await resumes.openSignedFile(deps, 'img', request.params.resumeUuid, request.query);
      // The browser may keep the photo only while its link is valid, and only for this user.
      const maxAge = Math.max(0, Math.floor((request.query.expires - deps.clock.now()) / 1000));
      return reply
        .headers({
          'content-type': 'image/webp',
          'x-content-type-options': 'nosniff',
          'cache-control': `private, max-age=${maxAge}`,
        })
        .send(blob.data);
    },
  );

  registerSubscriptionRoutes(app, deps);
}
