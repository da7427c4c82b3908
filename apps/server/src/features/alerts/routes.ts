// Job alerts over HTTP (BEYOND §4): create (with a session, or with an address to confirm), list,
// delete, confirm, and the unsubscribe link of every alert mail: POST stops the alert with no session
// (RFC 8058 one-click), GET shows a page with a button and changes nothing.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JobAlertAnswerSchema,
  JobAlertConfirmSchema,
  JobAlertCreateSchema,
  JobAlertListAnswerSchema,
  JobAlertParamsSchema,
  JobAlertUnsubscribeQuerySchema,
} from '@teacheast/shared';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { findUser, requireUser } from '../accounts/sessions.js';
import { describeSearch } from './mail.js';
import { isOneClickBody } from './one-click.js';
import * as alerts from './service.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A small page of its own: the link is opened from a mail, outside the app. */
function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)} | TeachEast</title>` +
        `<style>body{font:16px/1.5 system-ui,sans-serif;color:#1d2b30;max-width:34rem;margin:4rem auto;padding:0 1rem}` +
        `h1{font-size:1.5rem}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#0f5c6e;color:#fff;cursor:pointer}` +
        `a{color:#0f5c6e}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}` +
        `<p><a href="/">TeachEast</a></p></main></body></html>`,
    );
}

const NO_SUCH_LINK = '<p>This link does not name a job alert. It may have been deleted.</p>';

/**
 * The one-click body is a pair of a few dozen bytes: a few KB is room for any mail provider's form, and
 * anything longer is refused (413) before it is read.
 */
const ONE_CLICK_BODY_LIMIT = 4 * 1024;

export function registerAlertRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/job-alerts',
    { schema: { body: JobAlertCreateSchema, response: { 201: JobAlertAnswerSchema } } },
    async (request, reply) => {
      const user = await findUser(deps, request);
      const alert = await alerts.createAlert(deps, request.body, user, request.clientAddress);
      return reply.status(201).send({ alert });
    },
  );

  r.get(
    '/api/job-alerts',
    { config: { requiresUser: true }, schema: { response: { 200: JobAlertListAnswerSchema } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply.header('cache-control', 'private, no-store');
      return { alerts: await alerts.listAlerts(deps, user) };
    },
  );

  r.delete(
    '/api/job-alerts/:id',
    { config: { requiresUser: true }, schema: { params: JobAlertParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      await alerts.deleteAlert(deps, request.params.id, user);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/job-alerts/confirm',
    { schema: { body: JobAlertConfirmSchema, response: { 200: JobAlertAnswerSchema } } },
    async (request) => ({ alert: await alerts.confirmAlert(deps, request.body.token) }),
  );

  // Mail providers post the one-click body as a form (RFC 8058): these two routes take the two form
  // types, kept as text and read only once the link's token is known to name an alert; any other
  // type (JSON and plain text included) is refused with 415.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
    }
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.get(
      '/api/job-alerts/unsubscribe',
      { schema: { querystring: JobAlertUnsubscribeQuerySchema } },
      async (request, reply) => {
        const alert = await alerts.findAlertToUnsubscribe(deps, request.query.token, request.clientAddress);
        if (!alert) return sendPage(reply, 404, 'Link not valid', NO_SUCH_LINK);
        const search = escapeHtml(
          describeSearch({ ...alert, age_group: alert.ageGroup, terms_filter: JSON.stringify(alert.filters) }),
        );
        if (!alert.active) {
          return sendPage(
            reply,
            200,
            'Job alert stopped',
            `<p>You get no more mail for <strong>${search}</strong>.</p>`,
          );
        }
        const action = `/api/job-alerts/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
        return sendPage(
          reply,
          200,
          'Stop this job alert?',
          `<p>You get mail for <strong>${search}</strong>, ${alert.frequency}.</p>` +
            `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
            `<button type="submit">Stop this alert</button></form>`,
        );
      },
    );

    s.post(
      '/api/job-alerts/unsubscribe',
      { bodyLimit: ONE_CLICK_BODY_LIMIT, schema: { querystring: JobAlertUnsubscribeQuerySchema } },
      async (request, reply) => {
        // The token first: a body is read only for a link that names an alert.
        if (!(await alerts.findAlertToUnsubscribe(deps, request.query.token, request.clientAddress))) {
          return sendPage(reply, 404, 'Link not valid', NO_SUCH_LINK);
        }
        if (!isOneClickBody(request.headers['content-type'], request.body)) {
          return sendPage(reply, 400, 'Not stopped', '<p>Use the button on the page this link opens.</p>');
        }
        const alert = await alerts.unsubscribe(deps, request.query.token);
        if (!alert) return sendPage(reply, 404, 'Link not valid', NO_SUCH_LINK);
        const search = escapeHtml(
          describeSearch({ ...alert, age_group: alert.ageGroup, terms_filter: JSON.stringify(alert.filters) }),
        );
        return sendPage(reply, 200, 'Job alert stopped', `<p>You get no more mail for <strong>${search}</strong>.</p>`);
      },
    );
  });
}
