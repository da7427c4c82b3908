import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountExportSchema,
  ConfirmationSchema,
  CredentialsSchema,
  CurrentUserAnswerSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  MessageSchema,
  SetForgotPasswordSchema,
} from '@teacheast/shared';
import { requireUser, sessionTokenOf } from './sessions.js';
import type { Deps } from '../../deps.js';
import { deleteOwnAccount, exportAccount } from './personal-data.js';
import * as accounts from './service.js';

export function registerAccountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/current_user',
    {
      config: { requiresUser: true, authMessage: 'You are not logged in' },
      schema: { response: { 200: CurrentUserAnswerSchema } },
    },
    async (request) => {
      const user = await requireUser(deps, request, 'You are not logged in');
      return { currentUser: await accounts.currentUserOf(deps, user) };
    },
  );

  r.post(
    '/api/register',
    { schema: { body: CredentialsSchema, response: { 201: MessageSchema } } },
    async (request, reply) => {
      accounts.refuseHoneypot(request.body.password2);
      const result = await accounts.registerUser(deps, request.body, request.clientAddress);
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/api/confirmation/',
    { schema: { body: ConfirmationSchema, response: { 200: MessageSchema } } },
    async (request) => accounts.confirmAccount(deps, request.body.token),
  );

  r.post(
    '/api/login',
    {
      // A flood from a locked-out address is refused before its body is read, and the connection is
      // closed, so each further attempt costs the attacker a new connection and the server almost nothing.
      onRequest: async (request, reply) => {
        if (await accounts.isLockedOutAddress(deps, request.clientAddress)) {
          void reply.header('connection', 'close').header('retry-after', String(accounts.LOGIN_WINDOW_MS / 1000));
          throw accounts.lockedOut();
        }
      },
      schema: { body: CredentialsSchema, response: { 200: CurrentUserAnswerSchema } },
    },
    async (request, reply) => {
      accounts.refuseHoneypot(request.body.password2);
      const { token, currentUser } = await accounts.logIn(deps, request.body, request.clientAddress);
      void reply.header('auth-token', token);
      return { currentUser };
    },
  );

  r.post(
    '/api/logout',
    {
      config: { requiresUser: true, authMessage: 'You are not logged in' },
      schema: { response: { 200: MessageSchema } },
    },
    async (request) => {
      await requireUser(deps, request, 'You are not logged in');
      return accounts.logOut(deps, sessionTokenOf(request)!);
    },
  );

  r.get(
    '/api/forgot-password',
    { schema: { querystring: ForgotPasswordSchema, response: { 200: MessageSchema } } },
    async (request) => accounts.requestPasswordReset(deps, request.query.email, request.clientAddress),
  );

  r.post(
    '/api/set-forgot-password',
    { schema: { body: SetForgotPasswordSchema, response: { 200: MessageSchema } } },
    async (request) => accounts.resetPassword(deps, request.body, request.clientAddress),
  );

  r.get(
    '/api/account/export',
    { config: { requiresUser: true }, schema: { response: { 200: AccountExportSchema } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      void reply
        .header('content-disposition', 'attachment; filename="teacheast-data.json"')
        .header('cache-control', 'no-store');
      return exportAccount(deps, user.id);
    },
  );

  r.delete(
    '/api/account',
    {
      config: { requiresUser: true },
      schema: {
        body: DeleteAccountSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const user = await requireUser(deps, request);
      return deleteOwnAccount(deps, user.id, request.body.password);
    },
  );
}
