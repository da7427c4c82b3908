import { useMutation } from '@tanstack/react-query';
import { MessageSchema, type ContactMessage } from '@teacheast/shared';
import { api } from '../../lib/api-client';

export type { ContactMessage };

function sendContactMessage(message: ContactMessage) {
  return api.post('/api/contact-us', message, { schema: MessageSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
