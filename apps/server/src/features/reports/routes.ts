// HTTP for reports of a posting (BEYOND §9): anyone may report a live posting. The operators'
// handling of them is under /api/operator/ (features/operators/routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JobParamsSchema, ReportCreateSchema, ReportCreatedSchema } from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import { findUser } from '../accounts/sessions.js';
import * as reports from './service.js';

export function registerReportRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/jobs/:uuid/reports',
    { schema: { params: JobParamsSchema, body: ReportCreateSchema, response: { 201: ReportCreatedSchema } } },
    async (request, reply) => {
      const user = await findUser(deps, request);
      const created = await reports.createReport(deps, request.params.uuid, request.body, user, request.clientAddress);
      return reply.status(201).header('cache-control', 'private, no-store').send(created);
    },
  );
}
