import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { MyApplications } from './my-applications';

const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };

function tile(fields: Record<string, unknown>) {
  return {
    uuid: '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d',
    title: 'Kindergarten Teacher',
    companyName: 'Hanoi English Centre',
    country: 'vietnam',
    city: 'Hanoi',
    ageGroup: 'Kindergarten',
    pay: '',
    startDate: 'ASAP',
    duration: '12',
    classSize: '10-20',
    thumbnail: null,
    publishedDate: '2026-06-01T00:00:00.000Z',
    salary: null,
    badges: [],
    permit: null,
    school: null,
    ...fields,
  };
}

const shortlisted = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  jobUuid: '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d',
  status: 'shortlisted',
  coverLetter: 'I love teaching.',
  createdAt: '2026-06-03T10:00:00.000Z',
  history: [
    { status: 'submitted', at: '2026-06-03T10:00:00.000Z' },
    { status: 'viewed', at: '2026-06-04T09:00:00.000Z' },
    { status: 'shortlisted', at: '2026-06-06T15:30:00.000Z' },
  ],
  job: tile({}),
  unread: 3,
};

const rejected = {
  id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  jobUuid: '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8',
  status: 'rejected',
  coverLetter: '',
  createdAt: '2026-05-20T08:00:00.000Z',
  history: [
    { status: 'submitted', at: '2026-05-20T08:00:00.000Z' },
    { status: 'rejected', at: '2026-05-22T08:00:00.000Z' },
  ],
  job: tile({
    uuid: '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8',
    title: '',
    companyName: 'Osaka Kids Academy',
    country: 'japan',
    city: 'Osaka',
  }),
  unread: 0,
};

describe('MyApplications', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, member);
  });

  it('lists each application with its job, its status in words and its stages with their dates', async () => {
    const requests = mockServer(() => jsonResponse(200, { applications: [shortlisted, rejected] }));
    renderWithProviders(<MyApplications />);

    const items = within(await screen.findByRole('list', { name: 'Your applications' })).getAllByRole('listitem', {
      name: (_, element) => element.classList.contains('my-application'),
    });
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(within(first).getByRole('link', { name: 'Kindergarten Teacher at Hanoi English Centre' })).toHaveAttribute(
      'href',
      `/posting/${shortlisted.jobUuid}`,
    );
    expect(first).toHaveTextContent('Hanoi, Vietnam');
    expect(first).toHaveTextContent('Status: Shortlisted');
    const stages = within(
      within(first).getByRole('list', {
        name: 'Stages of your application to Kindergarten Teacher at Hanoi English Centre',
      }),
    ).getAllByRole('listitem');
    expect(stages.map((stage) => stage.textContent)).toEqual([
      'Submitted June 3, 2026',
      'Viewed June 4, 2026',
      'Shortlisted June 6, 2026',
    ]);
    expect(
      within(first).getByRole('button', {
        name: 'Withdraw your application to Kindergarten Teacher at Hanoi English Centre',
      }),
    ).toBeVisible();

    const second = items[1]!;
    expect(second).toHaveTextContent('English Teacher at Osaka Kids Academy');
    expect(second).toHaveTextContent('Osaka, Japan');
    expect(second).toHaveTextContent('Status: Rejected');
    // A decided application can no longer be withdrawn.
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(within(second).getByRole('link', { name: /^Messages, interview and offer/ })).toHaveAccessibleName(
      'Messages, interview and offer for English Teacher at Osaka Kids Academy',
    );
    expect(requests[0]).toMatchObject({ url: '/api/applications', method: 'GET' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('leads to each conversation, with the messages not read yet as a badge read out in words', async () => {
    mockServer(() => jsonResponse(200, { applications: [shortlisted, { ...rejected, unread: 1 }] }));
    renderWithProviders(<MyApplications />);
    const list = await screen.findByRole('list', { name: 'Your applications' });

    const first = within(list).getByRole('link', { name: /Hanoi English Centre 3 unread messages$/ });
    expect(first).toHaveAttribute('href', `/applications/${shortlisted.id}`);
    expect(first).toHaveAccessibleName(
      'Messages, interview and offer for Kindergarten Teacher at Hanoi English Centre 3 unread messages',
    );
    // The number shows; the words are what a screen reader says.
    const badge = first.querySelector('.unread-badge')!;
    expect(within(badge as HTMLElement).getByText('3')).toHaveAttribute('aria-hidden', 'true');
    expect(within(badge as HTMLElement).getByText('3 unread messages')).toHaveClass('visually-hidden');
    const second = within(list).getByRole('link', { name: /Osaka Kids Academy 1 unread message$/ });
    expect(second).toHaveAttribute('href', `/applications/${rejected.id}`);
  });

  it('withdraws an application: the request goes out, and the status and stages follow', async () => {
    let stored = [shortlisted, rejected];
    const requests = mockServer(({ method, url }) => {
      if (method === 'POST' && url === `/api/applications/${shortlisted.id}/withdraw`) {
        const withdrawn = {
          ...shortlisted,
          status: 'withdrawn',
          history: [...shortlisted.history, { status: 'withdrawn', at: '2026-06-07T12:00:00.000Z' }],
        };
        stored = [withdrawn, rejected];
        const { job: _job, ...application } = withdrawn;
        return jsonResponse(200, { application });
      }
      return jsonResponse(200, { applications: stored });
    });
    const { user } = renderWithProviders(<MyApplications />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Withdraw your application to Kindergarten Teacher at Hanoi English Centre',
      }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Application withdrawn: Kindergarten Teacher at Hanoi English Centre.',
    );
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe(`/api/applications/${shortlisted.id}/withdraw`);
    expect(posts[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    await waitFor(() => expect(screen.getAllByText(/^Status:/)[0]).toHaveTextContent('Status: Withdrawn'));
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    const stages = within(
      screen.getByRole('list', { name: 'Stages of your application to Kindergarten Teacher at Hanoi English Centre' }),
    ).getAllByRole('listitem');
    expect(stages.at(-1)).toHaveTextContent('Withdrawn June 7, 2026');
  });

  it('says when a withdrawal fails and keeps the application open', async () => {
    mockServer(({ method }) =>
      method === 'POST'
        ? jsonResponse(409, { error: true, message: 'This application is offered the job: it can no longer change' })
        : jsonResponse(200, { applications: [shortlisted] }),
    );
    const { user } = renderWithProviders(<MyApplications />);
    await user.click(await screen.findByRole('button', { name: /^Withdraw/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This application is offered the job: it can no longer change',
    );
    expect(screen.getByRole('button', { name: /^Withdraw/ })).toBeInTheDocument();
  });

  it('without applications, points to the job search', async () => {
    mockServer(() => jsonResponse(200, { applications: [] }));
    renderWithProviders(<MyApplications />);
    expect(await screen.findByText(/You have not applied to any job yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for jobs' })).toHaveAttribute('href', '/jobs');
    expect(screen.queryByRole('list', { name: 'Your applications' })).not.toBeInTheDocument();
  });
});
