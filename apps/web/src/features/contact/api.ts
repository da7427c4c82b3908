import { useMutation } from '@tanstack/react-query';
import { MessageSchema, type ContactSchema } from '@teacheast/shared';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

export type ContactMessage = z.output<typeof ContactSchema>;

export function sendContactMessage(message: ContactMessage) {
  return api.post('/api/contact-us', message, { schema: MessageSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
