// HTTP for operators (BEYOND §9), under /api/operator/: 404 for everyone but operators, signed in or
// not, checked before the query or body is read. The report queue, held jobs, school registration
// checks, accounts and the audit log.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuditAnswerSchema,
  HeldJobsAnswerSchema,
  JobParamsSchema,
  OperatorMeSchema,
  OperatorReportsAnswerSchema,
  OperatorUserParamsSchema,
  OperatorUsersAnswerSchema,
  OperatorUsersQuerySchema,
  ReleasedJobSchema,
  ReportParamsSchema,
  ReportResolveSchema,
  ReportResolvedSchema,
  SuspendedUserSchema,
  OperatorNoteSchema,
  PendingVerificationsAnswerSchema,
  VerificationDecisionAnswerSchema,
  VerificationParamsSchema,
} from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import * as reports from '../reports/service.js';
import * as operators from './service.js';

export function registerOperatorRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };
  // The operator check comes before the query and body are read: a stranger's are never parsed.
  const operatorsOnly = {
    preValidation: async (request: FastifyRequest) => {
      await operators.requireOperator(deps, request);
    },
  };

  r.get(
    '/api/operator/me',
    { ...operatorsOnly, schema: { response: { 200: OperatorMeSchema } } },
    async (request, reply) => {
      void reply.headers(noStore);
      return operators.operatorMe(deps, await operators.requireOperator(deps, request));
    },
  );

  r.get(
    '/api/operator/reports',
    { ...operatorsOnly, schema: { response: { 200: OperatorReportsAnswerSchema } } },
    async (_request, reply) => {
      void reply.headers(noStore);
      return { reports: await reports.listOpenReports(deps) };
    },
  );

  r.post(
    '/api/operator/reports/:id/resolve',
    {
      ...operatorsOnly,
      schema: { params: ReportParamsSchema, body: ReportResolveSchema, response: { 200: ReportResolvedSchema } },
    },
    async (request, reply) => {
      const operator = await operators.requireOperator(deps, request);
      void reply.headers(noStore);
      return reports.resolveReport(deps, operator, request.params.id, request.body.action, request.body.note);
    },
  );

  r.get(
    '/api/operator/jobs/held',
    { ...operatorsOnly, schema: { response: { 200: HeldJobsAnswerSchema } } },
    async (_request, reply) => {
      void reply.headers(noStore);
      return { jobs: await reports.listHeldJobs(deps) };
    },
  );

  r.post(
    '/api/operator/jobs/:uuid/release',
    {
      ...operatorsOnly,
      schema: { params: JobParamsSchema, body: OperatorNoteSchema.nullish(), response: { 200: ReleasedJobSchema } },
    },
    async (request, reply) => {
      const operator = await operators.requireOperator(deps, request);
      void reply.headers(noStore);
      return { job: await reports.releaseHeldJob(deps, operator, request.params.uuid, request.body?.note) };
    },
  );

  r.get(
    '/api/operator/users',
    {
      ...operatorsOnly,
      schema: { querystring: OperatorUsersQuerySchema, response: { 200: OperatorUsersAnswerSchema } },
    },
    async (request, reply) => {
      void reply.headers(noStore);
      return { users: await reports.findUsers(deps, request.query.email) };
    },
  );

  r.post(
    '/api/operator/users/:uuid/suspend',
    {
      ...operatorsOnly,
      schema: {
        params: OperatorUserParamsSchema,
        body: OperatorNoteSchema.nullish(),
        response: { 200: SuspendedUserSchema },
      },
    },
    async (request, reply) => {
      const operator = await operators.requireOperator(deps, request);
      void reply.headers(noStore);
      return { user: await reports.suspendUser(deps, operator, request.params.uuid, request.body?.note) };
    },
  );

  r.get(
    '/api/operator/audit',
    { ...operatorsOnly, schema: { response: { 200: AuditAnswerSchema } } },
    async (_request, reply) => {
      void reply.headers(noStore);
      return { entries: await operators.listAudit(deps) };
    },
  );

  r.get(
    '/api/operator/verifications',
    { ...operatorsOnly, schema: { response: { 200: PendingVerificationsAnswerSchema } } },
    async (request, reply) => {
      await operators.requireOperator(deps, request);
      void reply.headers(noStore);
      return { verifications: await operators.listVerifications(deps) };
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    r.post(
      `/api/operator/verifications/:id/${action}`,
      {
        ...operatorsOnly,
        schema: {
          params: VerificationParamsSchema,
          body: OperatorNoteSchema.nullish(),
          response: { 200: VerificationDecisionAnswerSchema },
        },
      },
      async (request, reply) => {
        const operator = await operators.requireOperator(deps, request);
        void reply.headers(noStore);
        return operators.decideSchoolVerification(
          deps,
          operator,
          request.params.id,
          action === 'approve',
          request.body?.note,
        );
      },
    );
  }
}
