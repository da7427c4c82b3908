import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactSchema, MessageSchema } from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import { sendContactMessage } from './service.js';

export function registerContactRoutes(app: FastifyInstance, deps: Deps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/contact-us', { schema: { body: ContactSchema, response: { 200: MessageSchema } } }, async (request) =>
      sendContactMessage(deps, request.body, request.clientAddress),
    );
}
