// HTTP for school profiles (BEYOND §8): an employer's schools, the public page and directory, the
// logo, and a registration check to request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMAGE_BODY_LIMIT,
  MySchoolsAnswerSchema,
  RegistrationAcceptedSchema,
  RegistrationRequestSchema,
  SchoolAnswerSchema,
  SchoolCreateSchema,
  SchoolDirectoryAnswerSchema,
  SchoolDirectoryQuerySchema,
  SchoolLogoAnswerSchema,
  SchoolLogoUploadSchema,
  SchoolPageAnswerSchema,
  SchoolParamsSchema,
  SchoolPatchSchema,
} from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import { requireUser } from '../accounts/sessions.js';
import * as schools from './service.js';

export function registerSchoolRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = { 'cache-control': 'private, no-store' };
  // The same for everybody, changed by any write: kept by caches that ask again each time.
  const revalidated = { 'cache-control': 'public, no-cache' };
  // Only the school's owner learns anything, even that the body is wrong, and no stranger's upload is
  // parsed: the owner is checked before the body is read.
  const ownerFirst = {
    preValidation: async (request: FastifyRequest) => {
      const user = await requireUser(deps, request);
      await schools.assertOwnSchool(deps, user.id, String((request.params as { slug?: unknown }).slug ?? ''));
    },
  };

  r.post(
    '/api/schools',
    {
      config: { requiresUser: true },
      schema: { body: SchoolCreateSchema, response: { 201: SchoolAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const school = await schools.createSchool(deps, user.id, request.body);
      return reply.status(201).headers(own).send({ school });
    },
  );

  r.patch(
    '/api/schools/:slug',
    {
      config: { requiresUser: true },
      ...ownerFirst,
      schema: { params: SchoolParamsSchema, body: SchoolPatchSchema, response: { 200: SchoolAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.headers(own);
      return { school: await schools.updateSchool(deps, user.id, request.params.slug, request.body) };
    },
  );

  r.get(
    '/api/my-schools',
    { config: { requiresUser: true }, schema: { response: { 200: MySchoolsAnswerSchema } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.headers(own);
      return { schools: await schools.listMySchools(deps, user.id) };
    },
  );

  r.get(
    '/api/schools',
    { schema: { querystring: SchoolDirectoryQuerySchema, response: { 200: SchoolDirectoryAnswerSchema } } },
    async (request, reply) => {
      void reply.headers(revalidated);
      return { schools: await schools.schoolDirectory(deps, request.query) };
    },
  );

  r.get(
    '/api/schools/:slug',
    { schema: { params: SchoolParamsSchema, response: { 200: SchoolPageAnswerSchema } } },
    async (request, reply) => {
      void reply.headers(revalidated);
      return schools.schoolPage(deps, request.params.slug);
    },
  );

  r.put(
    '/api/schools/:slug/logo',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      config: { requiresUser: true },
      ...ownerFirst,
      schema: { params: SchoolParamsSchema, body: SchoolLogoUploadSchema, response: { 200: SchoolLogoAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.headers(own);
      return schools.saveLogo(deps, user.id, request.params.slug, request.body.logo);
    },
  );

  r.post(
    '/api/schools/:slug/verification',
    {
      config: { requiresUser: true },
      ...ownerFirst,
      schema: {
        params: SchoolParamsSchema,
        body: RegistrationRequestSchema,
        response: { 202: RegistrationAcceptedSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      const registration = await schools.requestVerification(
        deps,
        user.id,
        request.params.slug,
        request.body.registrationNumber,
      );
      return reply.status(202).headers(own).send({
        message: 'Thank you: TeachEast checks the number with the register and will say when it is done.',
        registration,
      });
    },
  );
}
