import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { ApplicantsView } from './applicants-view';

const owner = { uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', email: 'school@example.com', subscriptionId: null };
const jobUuid = '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d';

const jane = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  jobUuid,
  status: 'submitted',
  coverLetter: 'I love teaching.\nI speak Vietnamese.',
  createdAt: '2026-06-03T10:00:00.000Z',
  history: [{ status: 'submitted', at: '2026-06-03T10:00:00.000Z' }],
  applicantName: 'Jane Doe',
  applicantEmail: 'jane@example.com',
  resumeUuid: '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d',
  eligibility: {
    status: 'not_eligible',
    reasons: [
      {
        code: 'passport',
        text: 'The E-2 visa needs a passport of the US, UK, Canada, Ireland, South Africa, Australia or New Zealand',
      },
    ],
    permit: 'KR-E2',
    rulesReviewedAt: '2026-11-28',
  } as {
    status: string;
    reasons: { code: string; text: string }[];
    permit: string | null;
    rulesReviewedAt: string;
  } | null,
  unread: 2,
};
const sam = {
  ...jane,
  id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  status: 'viewed',
  coverLetter: '',
  createdAt: '2026-06-02T10:00:00.000Z',
  history: [
    { status: 'submitted', at: '2026-06-02T10:00:00.000Z' },
    { status: 'viewed', at: '2026-06-02T12:00:00.000Z' },
  ],
  applicantName: 'Sam Lee',
  applicantEmail: 'sam@example.com',
  resumeUuid: '7b6c5d4e-3f2a-4b1c-9d8e-7f6a5b4c3d2e',
  eligibility: null,
  unread: 0,
};

/** What opening one adds to the applicant (BEYOND §10): who reads, the job, the interviews and the offer. */
const conversationParts = {
  as: 'school',
  job: { uuid: jobUuid, title: 'Kindergarten Teacher', companyName: 'Busan Bright Academy', country: 'south-korea' },
  interviews: [],
  offer: null,
  open: true,
};

type Stored = typeof jane;

/** The server's side: opening marks viewed, PATCH moves to the decision. */
function ownerServer() {
  const stored = new Map<string, Stored>([
    [jane.id, { ...jane }],
    [sam.id, { ...sam }],
  ]);
  const move = (id: string, status: string, at: string) => {
    const current = stored.get(id)!;
    stored.set(id, { ...current, status, history: [...current.history, { status, at }] });
  };
  const requests = mockServer((request: RecordedRequest) => {
    if (request.url === `/api/jobs/${jobUuid}/applications`) {
      return jsonResponse(200, { applications: [...stored.values()] });
    }
    const id = request.url.split('/').at(-1)!;
    const current = stored.get(id);
    if (!current) return jsonResponse(404, { error: true, message: 'No such application' });
    if (request.method === 'GET') {
      if (current.status === 'submitted') move(id, 'viewed', '2026-06-05T08:00:00.000Z');
      return jsonResponse(200, { application: { ...stored.get(id), ...conversationParts } });
    }
    if (request.method === 'PATCH') {
      move(id, (request.body as { status: string }).status, '2026-06-05T09:00:00.000Z');
      return jsonResponse(200, { application: { ...stored.get(id), ...conversationParts } });
    }
    return jsonResponse(500, { error: true, message: 'Unexpected' });
  });
  return requests;
}

function applicantButton(name: RegExp) {
  return within(screen.getByRole('list', { name: 'Applicants' })).getByRole('button', { name });
}

describe('ApplicantsView', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, owner);
  });

  it('lists the applicants with their name, e-mail, status and date, opening none', async () => {
    const requests = ownerServer();
    renderWithProviders(<ApplicantsView jobUuid={jobUuid} />);

    await screen.findByRole('list', { name: 'Applicants' });
    expect(applicantButton(/Jane Doe/)).toHaveTextContent(
      'Jane Doejane@example.comSubmitted · Applied June 3, 2026 22 unread messages',
    );
    // The unread messages: a number to see, words to hear.
    expect(applicantButton(/Jane Doe/)).toHaveAccessibleName(/Applied June 3, 2026 2 unread messages$/);
    expect(applicantButton(/Sam Lee/)).not.toHaveAccessibleName(/unread/);
    expect(applicantButton(/Sam Lee/)).toHaveTextContent('Sam Leesam@example.comViewed · Applied June 2, 2026');
    expect(applicantButton(/Jane Doe/)).toHaveAttribute('aria-pressed', 'false');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /api/jobs/${jobUuid}/applications`]);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('opening one asks the server, which marks it viewed, and shows its letter, resume and status', async () => {
    const requests = ownerServer();
    const { user } = renderWithProviders(<ApplicantsView jobUuid={jobUuid} />);
    await screen.findByRole('list', { name: 'Applicants' });
    await user.click(applicantButton(/Jane Doe/));

    const detail = await screen.findByRole('region', { name: 'Jane Doe' });
    expect(requests.filter((r) => r.url === `/api/applications/${jane.id}`).map((r) => r.method)).toEqual(['GET']);
    expect(within(detail).getByRole('heading', { name: 'Jane Doe' })).toHaveFocus();
    expect(within(detail).getByText(/^Status:/)).toHaveTextContent('Status: Viewed');
    expect(within(detail).getByText(/^Status:/)).toHaveAttribute('aria-live', 'polite');
    expect(detail).toHaveTextContent('I love teaching. I speak Vietnamese.');
    // The applicant's visa result for the job's permit, with why (never their facts).
    expect(within(detail).getByText(/^Visa \(KR-E2\):/)).toHaveTextContent('Visa (KR-E2): may not qualify');
    expect(detail).toHaveTextContent('The E-2 visa needs a passport of the US');
    const resume = within(detail).getByRole('link', { name: 'Open resume of Jane Doe (opens in a new tab)' });
    expect(resume).toHaveAttribute('href', `/resume/${jane.resumeUuid}`);
    expect(resume).toHaveAttribute('target', '_blank');
    expect(within(detail).getByRole('link', { name: 'jane@example.com' })).toHaveAttribute(
      'href',
      'mailto:jane@example.com',
    );
    // The way to the conversation, with its unread messages.
    expect(
      within(detail).getByRole('link', { name: 'Messages, interview and offer with Jane Doe 2 unread messages' }),
    ).toHaveAttribute('href', `/applications/${jane.id}`);
    // The list follows: Jane is chosen and viewed now.
    await waitFor(() => expect(applicantButton(/Jane Doe/)).toHaveTextContent('Viewed · Applied June 3, 2026'));
    expect(applicantButton(/Jane Doe/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('Shortlist sends the decision and announces the new status', async () => {
    const requests = ownerServer();
    const { user } = renderWithProviders(<ApplicantsView jobUuid={jobUuid} />);
    await screen.findByRole('list', { name: 'Applicants' });
    await user.click(applicantButton(/Sam Lee/));
    const detail = await screen.findByRole('region', { name: 'Sam Lee' });
    expect(within(detail).getByText('No cover letter.')).toBeInTheDocument();
    const decisions = within(detail).getByRole('group', { name: 'Decision on Sam Lee' });
    expect(
      within(decisions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Shortlist', 'Offer', 'Reject']);

    await user.click(within(decisions).getByRole('button', { name: 'Shortlist' }));

    await waitFor(() => expect(within(detail).getByText(/^Status:/)).toHaveTextContent('Status: Shortlisted'));
    const patches = requests.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ url: `/api/applications/${sam.id}`, body: { status: 'shortlisted' } });
    expect(patches[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(within(decisions).getByRole('button', { name: 'Shortlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Sam Lee: Shortlisted.');
    await waitFor(() => expect(applicantButton(/Sam Lee/)).toHaveTextContent('Shortlisted'));
  });

  it('Offer ends the decisions and moves the focus to the status', async () => {
    const requests = ownerServer();
    const { user } = renderWithProviders(<ApplicantsView jobUuid={jobUuid} />);
    await screen.findByRole('list', { name: 'Applicants' });
    await user.click(applicantButton(/Sam Lee/));
    const detail = await screen.findByRole('region', { name: 'Sam Lee' });
    await user.click(within(detail).getByRole('button', { name: 'Offer' }));

    await waitFor(() => expect(within(detail).getByText(/^Status:/)).toHaveTextContent('Status: Offered'));
    expect(within(detail).getByText(/^Status:/)).toHaveFocus();
    expect(within(detail).queryByRole('group', { name: 'Decision on Sam Lee' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH')[0]?.body).toEqual({ status: 'offered' });
  });

  it('tells anyone but the owner that the applicants are not theirs to see', async () => {
    mockServer(() => jsonResponse(404, { error: true, message: 'No such job' }));
    renderWithProviders(<ApplicantsView jobUuid={jobUuid} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner of this job can see its applicants.');
  });
});
