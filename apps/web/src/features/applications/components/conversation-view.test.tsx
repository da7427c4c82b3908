import { screen, waitFor, within } from '@testing-library/react';
import type { Interview } from '@teacheast/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import {
  APPLICATION_ID,
  applicationDetail,
  conversationServer,
  logInAs,
  lowerOffer,
  seoulInterview,
} from './conversation.fixtures';
import { ConversationView } from './conversation-view';

const [eleven] = seoulInterview.slots;
const ELEVEN_WORDS = 'Wed 9 Dec, 21:00 your time (Thu 10 Dec, 11:00 in Asia/Seoul)';
const THREE_WORDS = 'Thu 10 Dec, 01:00 your time (Thu 10 Dec, 15:00 in Asia/Seoul)';

const accepted: Interview = { ...seoulInterview, status: 'accepted', acceptedSlotId: eleven!.id };

/** Renders the view and waits for the application to be read (a loaded machine can take a while). */
async function renderView() {
  const rendered = renderWithProviders(<ConversationView id={APPLICATION_ID} />);
  await waitFor(() => expect(screen.queryByText('Opening the application')).not.toBeInTheDocument(), {
    timeout: 5_000,
  });
  return rendered;
}

describe('ConversationView: the interview times', () => {
  // The teacher reads in New York; the school proposed in Seoul.
  beforeEach(() => vi.stubEnv('TZ', 'America/New_York'));
  afterEach(() => vi.unstubAllEnvs());

  it("shows the teacher each time in their own zone and in the school's, with its length and way", async () => {
    logInAs('teacher');
    conversationServer({ detail: applicationDetail({ status: 'interview', interviews: [seoulInterview] }) });
    await renderView();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kindergarten Teacher at Busan Bright Academy' }),
    ).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Choose an interview time' });
    const times = within(within(card).getByRole('list', { name: 'The times' })).getAllByRole('listitem');
    expect(times).toHaveLength(2);
    expect(times[0]).toHaveTextContent(ELEVEN_WORDS);
    expect(times[0]).toHaveTextContent('45 minutes · Video call · https://meet.example/busan');
    expect(times[1]).toHaveTextContent(THREE_WORDS);
    expect(times[1]).toHaveTextContent('30 minutes · Phone call');
    expect(times[0]!.querySelector('time')).toHaveAttribute('datetime', eleven!.startsAt);
    // The button says which time it accepts, beginning with the words it shows (WCAG 2.5.3).
    expect(within(times[0]!).getByRole('button', { name: `Accept this time: ${ELEVEN_WORDS}` })).toBeVisible();
    expect(screen.getByText(/Status:/)).toHaveTextContent('Your application · Status: Interview');
  });

  it('Accept sends the chosen time, and the card shows the interview arranged, with the focus on it', async () => {
    logInAs('teacher');
    const requests = conversationServer(
      { detail: applicationDetail({ status: 'interview', interviews: [seoulInterview] }) },
      (request, state) => {
        if (request.method !== 'POST') return undefined;
        state.detail = { ...state.detail, interviews: [accepted] };
        return jsonResponse(200, { interview: accepted });
      },
    );
    const { user } = await renderView();
    await user.click(await screen.findByRole('button', { name: `Accept this time: ${ELEVEN_WORDS}` }));

    const card = await screen.findByRole('article', { name: 'Interview arranged' });
    expect(within(card).getByRole('heading', { name: 'Interview arranged' })).toHaveFocus();
    expect(card).toHaveTextContent(ELEVEN_WORDS);
    expect(card).not.toHaveTextContent(THREE_WORDS);
    expect(within(card).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`Interview arranged: ${ELEVEN_WORDS}.`);
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url)).toEqual([`/api/applications/${APPLICATION_ID}/interviews/${eleven!.id}/accept`]);
    expect(posts[0]?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('on SLOT_GONE, says the time is gone and shows the interview as it now stands', async () => {
    logInAs('teacher');
    const cancelled: Interview = { ...seoulInterview, status: 'cancelled', reason: 'The position was filled.' };
    conversationServer(
      { detail: applicationDetail({ status: 'interview', interviews: [seoulInterview] }) },
      (request, state) => {
        if (request.method !== 'POST') return undefined;
        state.detail = { ...state.detail, interviews: [cancelled] };
        return jsonResponse(409, {
          error: true,
          message: 'This time is no longer offered: it was withdrawn, or another time was chosen.',
          errorType: 'SLOT_GONE',
        });
      },
    );
    const { user } = await renderView();
    await user.click(await screen.findByRole('button', { name: `Accept this time: ${THREE_WORDS}` }));

    // The application is read again: the school cancelled meanwhile.
    const card = await screen.findByRole('article', { name: 'Interview cancelled' });
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'This time is no longer offered: it was withdrawn, or another time was chosen.',
    );
    expect(card).toHaveTextContent('Reason: The position was filled.');
    expect(within(card).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
  });

  it('the school sees no Accept, and cancels with a reason that must be given', async () => {
    logInAs('school');
    const requests = conversationServer(
      { detail: applicationDetail({ as: 'school', status: 'interview', interviews: [accepted] }) },
      (request, state) => {
        if (request.method !== 'POST') return undefined;
        const reason = (request.body as { reason: string }).reason;
        const cancelled: Interview = { ...accepted, status: 'cancelled', reason };
        state.detail = { ...state.detail, interviews: [cancelled] };
        return jsonResponse(200, { interview: cancelled });
      },
    );
    const { user } = await renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Interview arranged' });
    expect(within(card).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel the interview' }));
    const form = within(card).getByRole('form', { name: 'Cancel the interview' });
    const reason = within(form).getByLabelText('Why are you cancelling?');
    expect(reason).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Cancel the interview' }));
    expect(reason).toHaveAccessibleDescription(/Say why, for the other side to read/);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(reason, 'Our director is ill that day.');
    await user.click(within(form).getByRole('button', { name: 'Cancel the interview' }));
    await screen.findByRole('article', { name: 'Interview cancelled' });
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      url: `/api/applications/${APPLICATION_ID}/interviews/${accepted.id}/cancel`,
      body: { reason: 'Our director is ill that day.' },
    });
    expect(screen.getByText('Reason: Our director is ill that day.')).toBeInTheDocument();
  });

  it('the school proposes times from the page, and the new proposal takes the focus', async () => {
    logInAs('school');
    conversationServer({ detail: applicationDetail({ as: 'school' }) }, (request, state) => {
      if (request.method !== 'POST') return undefined;
      state.detail = { ...state.detail, status: 'interview', interviews: [seoulInterview] };
      return jsonResponse(201, { interview: seoulInterview });
    });
    const { user } = await renderView();
    expect(await screen.findByText('No interview proposed yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Propose interview times' }));
    const form = screen.getByRole('form', { name: 'Propose interview times to Jane Doe' });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(Date.now() + 6 * 86_400_000);
    await user.type(within(form).getByLabelText('Date'), day);
    await user.type(within(form).getByLabelText('Start time'), '21:00');
    await user.click(within(form).getByRole('button', { name: 'Send the times' }));

    const card = await screen.findByRole('article', { name: 'Times proposed: waiting for the teacher' });
    await waitFor(() => expect(within(card).getByRole('heading')).toHaveFocus());
    expect(screen.queryByRole('form', { name: /Propose interview times/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Interview times sent to Jane Doe.');
  });
});

describe('ConversationView: the page', () => {
  it('tells anyone but the two parties that there is nothing for them here', async () => {
    logInAs('teacher');
    conversationServer({ detail: applicationDetail() }, () =>
      jsonResponse(404, { error: true, message: 'No such application' }),
    );
    await renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('it is not yours to see');
  });

  it('shows the teacher the offer and the school no way to make a second while one is open', async () => {
    logInAs('school');
    conversationServer({ detail: applicationDetail({ as: 'school', status: 'offered', offer: lowerOffer }) });
    await renderView();
    expect(await screen.findByRole('table', { name: 'Where the offer differs from the ad' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(screen.getByText('Sent. The teacher is asked to answer by December 15, 2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All applicants to Kindergarten Teacher' })).toHaveAttribute(
      'href',
      '/job/applicants/3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d',
    );
  });
});
