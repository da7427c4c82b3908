// HTTP for resumes: the wizard's steps, publishing, the resume page, the resume board and
// the signed links that serve private photos and PDFs. Registers the subscription routes too.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMAGE_BODY_LIMIT,
  MessageSchema,
  ProfileImageSchema,
  ProfileImageUploadSchema,
  ResumeBoardAnswerSchema,
  ResumeBoardSearchSchema,
  ResumeContentSchema,
  ResumeContentUploadSchema,
  ResumeDetailsAnswerSchema,
  ResumeDetailsSchema,
  ResumeParamsSchema,
  ResumeSchema,
  SignedLinkQuerySchema,
  UserParamsSchema,
  ResumePrivacySchema,
  ResumePrivacyAnswerSchema,
  ResumeViewsAnswerSchema,
} from '@teacheast/shared';
import { findUser, requireSelf } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import * as resumes from './service.js';

const MB = 1024 * 1024;

export function registerResumeRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Resume answers are personal data: never kept by shared caches or the browser's back-forward cache.
  const noStore = { 'cache-control': 'private, no-store' };

  r.get(
    '/api/post-resume/details/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: ResumeDetailsAnswerSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return resumes.getDetails(deps, user);
    },
  );

  r.put(
    '/api/post-resume/details/:userUuid',
    { schema: { params: UserParamsSchema, body: ResumeDetailsSchema, response: { 200: ResumeDetailsAnswerSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return resumes.saveDetails(deps, user, request.body);
    },
  );

  r.get(
    '/api/post-resume/privacy/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: ResumePrivacyAnswerSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return resumes.getPrivacy(deps, user);
    },
  );

  r.put(
    '/api/post-resume/privacy/:userUuid',
    { schema: { params: UserParamsSchema, body: ResumePrivacySchema, response: { 200: ResumePrivacyAnswerSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return resumes.savePrivacy(deps, user, request.body);
    },
  );

  r.get(
    '/api/post-resume/views/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: ResumeViewsAnswerSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return { views: await resumes.listViews(deps, user) };
    },
  );

  r.get(
    '/api/post-resume/profile-image/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: ProfileImageSchema } } },
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
        params: UserParamsSchema,
        body: ProfileImageUploadSchema,
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
    { schema: { params: UserParamsSchema, response: { 200: ResumeContentSchema } } },
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
      schema: { params: UserParamsSchema, body: ResumeContentUploadSchema, response: { 200: ResumeContentSchema } },
    },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return resumes.saveResumeContent(deps, user, request.body);
    },
  );

  r.get(
    '/api/post-resume/preview/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: ResumeSchema } } },
    async (request, reply) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      void reply.headers(noStore);
      return resumes.getPreview(deps, user);
    },
  );

  r.post(
    '/api/post-resume/publish/:userUuid',
    { schema: { params: UserParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      const user = await requireSelf(deps, request, request.params.userUuid);
      return resumes.publishResume(deps, user);
    },
  );

  r.get(
    '/api/resume-details/:resumeUuid',
    { schema: { params: ResumeParamsSchema, response: { 200: ResumeSchema } } },
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
        params: UserParamsSchema,
        querystring: ResumeBoardSearchSchema,
        response: { 200: ResumeBoardAnswerSchema },
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
    { schema: { params: ResumeParamsSchema, querystring: SignedLinkQuerySchema } },
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
    { schema: { params: ResumeParamsSchema, querystring: SignedLinkQuerySchema } },
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
}
