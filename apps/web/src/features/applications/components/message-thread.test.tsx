import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { APPLICATION_ID, applicationDetail, conversationServer, logInAs } from './conversation.fixtures';
import { MessageThread } from './message-thread';

const fromSchool = {
  id: 'm1',
  from: 'school' as const,
  body: 'Hello Jane,\nwhen can you talk?\n<b>Not bold</b> https://meet.example/busan',
  at: '2026-12-01T09:00:00.000Z',
};
const fromTeacher = {
  id: 'm2',
  from: 'teacher' as const,
  body: 'Any weekday morning.',
  at: '2026-12-01T10:30:00.000Z',
};

function renderThread(isOpen = true) {
  return renderWithProviders(
    <MessageThread applicationId={APPLICATION_ID} as="teacher" otherName="Busan Bright Academy" isOpen={isOpen} />,
  );
}

const liveRegion = () => document.querySelector('[aria-live="polite"]')!;

describe('MessageThread', () => {
  beforeEach(() => logInAs('teacher'));

  it('shows the messages oldest first as plain text, line breaks kept, links and tags left as words', async () => {
    const requests = conversationServer({ detail: applicationDetail(), messages: [fromSchool, fromTeacher] });
    renderThread();

    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Busan Bright Academy 1 Dec 2026, \d\d:\d\d/);
    expect(items[1]).toHaveTextContent(/^You 1 Dec 2026, \d\d:\d\d/);
    expect(within(items[0]!).getByText(/Hello Jane/)).toHaveClass('message__body');
    // The body is text: its line breaks are there to show (white-space: pre-wrap), its tag and link are words.
    expect(items[0]!.querySelector('.message__body')!.textContent).toBe(fromSchool.body);
    expect(items[0]!.querySelector('b')).toBeNull();
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', fromSchool.at);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /api/applications/${APPLICATION_ID}/messages`]);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('sends a message: the request goes out, the box empties, the message joins the thread and it is said', async () => {
    const requests = conversationServer({ detail: applicationDetail(), messages: [fromSchool] }, (request, state) => {
      if (request.method !== 'POST') return undefined;
      const message = {
        id: 'm3',
        from: 'teacher' as const,
        body: (request.body as { body: string }).body,
        at: '2026-12-01T11:00:00.000Z',
      };
      state.messages = [...state.messages, message];
      return jsonResponse(201, { message });
    });
    const { user } = renderThread();
    await screen.findByRole('list', { name: 'Messages' });

    const box = screen.getByLabelText('Your message');
    await user.type(box, 'Tuesday at 10 works.{Enter}Thank you!');
    expect(screen.getByText(/^31 of 5,000 characters/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(box).toHaveValue(''));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      url: `/api/applications/${APPLICATION_ID}/messages`,
      body: { body: 'Tuesday at 10 works.\nThank you!' },
    });
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]!.querySelector('.message__body')!.textContent).toBe('Tuesday at 10 works.\nThank you!');
    expect(liveRegion()).toHaveTextContent('Message sent.');
  });

  it('sends nothing empty, and says why', async () => {
    const requests = conversationServer({ detail: applicationDetail(), messages: [] });
    const { user } = renderThread();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Your message')).toHaveAccessibleDescription(/Write a message first/);
    expect(screen.getByLabelText('Your message')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('on CONVERSATION_CLOSED, says the conversation is closed in place of the box, with the focus on it', async () => {
    conversationServer({ detail: applicationDetail(), messages: [fromSchool] }, (request) =>
      request.method === 'POST'
        ? jsonResponse(409, {
            error: true,
            message: 'This application ended more than 30 days ago: its conversation is closed.',
            errorType: 'CONVERSATION_CLOSED',
          })
        : undefined,
    );
    const { user } = renderThread();
    await screen.findByRole('list', { name: 'Messages' });
    await user.type(screen.getByLabelText('Your message'), 'Are you still hiring?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const closed = await screen.findByRole('alert');
    expect(closed).toHaveTextContent('This application ended more than 30 days ago: its conversation is closed.');
    await waitFor(() => expect(closed).toHaveFocus());
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('a conversation already closed has no box to write in', async () => {
    conversationServer({ detail: applicationDetail({ open: false }), messages: [fromSchool] });
    renderThread(false);
    await screen.findByRole('list', { name: 'Messages' });
    expect(screen.getByText(/This conversation is closed/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('reads out a message of the other party that arrives while the thread is open, not the ones already there', async () => {
    const server = { messages: [fromSchool, fromTeacher] };
    conversationServer({ detail: applicationDetail(), messages: server.messages }, (_request, state) => {
      state.messages = server.messages;
      return undefined;
    });
    renderThread();
    await screen.findByRole('list', { name: 'Messages' });
    expect(liveRegion()).toHaveTextContent('');

    server.messages = [
      ...server.messages,
      { id: 'm4', from: 'school', body: 'Great: Tuesday at 10, then.', at: '2026-12-01T12:00:00.000Z' },
    ];
    await act(() => queryClient.refetchQueries({ queryKey: ['applications', 'messages', APPLICATION_ID] }));

    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent('New message from Busan Bright Academy: Great: Tuesday at 10, then.'),
    );
    expect(within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')).toHaveLength(3);
  });
});
