import { JOB_ALERTS_MAX } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { JobAlertList } from './job-alert-list';

const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };

const hanoi = {
  id: '0b6f3a52-8d7e-4c1a-9f2b-3c4d5e6f7a8b',
  country: 'vietnam',
  city: 'Hanoi',
  ageGroup: 'Adults',
  q: 'business English',
  filters: {},
  frequency: 'daily',
  active: true,
  createdAt: '2026-06-03T10:00:00.000Z',
};
const japan = {
  id: '9c8d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e6f',
  country: 'japan',
  city: '',
  ageGroup: '',
  q: '',
  filters: {},
  frequency: 'weekly',
  active: false,
  createdAt: '2026-05-20T08:30:00.000Z',
};

const busan = {
  id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c',
  country: 'south-korea',
  city: 'Busan',
  ageGroup: '',
  q: '',
  filters: { minPay: 2000000, housing: '1', flights: '1', visa: '1', noSplitShift: '1' },
  frequency: 'weekly',
  active: true,
  createdAt: '2026-06-01T08:30:00.000Z',
};

describe('JobAlertList', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, member);
  });

  it('lists the alerts: the search in words linking to it, how often, whether it is on, and when it was made', async () => {
    const requests = mockServer(() => jsonResponse(200, { alerts: [hanoi, japan] }));
    renderWithProviders(<JobAlertList />);

    const items = within(await screen.findByRole('list', { name: 'Your job alerts' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link')).toHaveTextContent(
      '“business English” jobs in Hanoi, Vietnam, teaching adults',
    );
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/jobs?country=vietnam&city=Hanoi&ageGroup=Adults&q=business+English',
    );
    expect(items[0]).toHaveTextContent('Daily · Active · Created June 3, 2026');
    expect(within(items[1]!).getByRole('link', { name: 'Teaching jobs in Japan' })).toHaveAttribute(
      'href',
      '/jobs?country=japan',
    );
    expect(items[1]).toHaveTextContent('Weekly · Off: no e-mails are sent · Created May 20, 2026');
    expect(
      within(items[0]!).getByRole('button', {
        name: 'Delete alert: “business English” jobs in Hanoi, Vietnam, teaching adults',
      }),
    ).toBeVisible();
    expect(within(items[1]!).getByRole('button', { name: 'Delete alert: Teaching jobs in Japan' })).toBeVisible();
    expect(screen.getByText('You have 2 job alerts (at most 20).')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ url: '/api/job-alerts', method: 'GET' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('says an alert’s contract-sheet filters with its search, and its link keeps them', async () => {
    mockServer(() => jsonResponse(200, { alerts: [busan] }));
    renderWithProviders(<JobAlertList />);

    const words =
      'Teaching jobs in Busan, South Korea, with housing, flights, visa sponsored, no split shift, ' +
      'at least 2,000,000 KRW a month';
    const link = await screen.findByRole('link', { name: words });
    expect(link).toHaveAttribute(
      'href',
      '/jobs?country=south-korea&city=Busan&minPay=2000000&housing=1&flights=1&visa=1&noSplitShift=1',
    );
    expect(screen.getByRole('button', { name: `Delete alert: ${words}` })).toBeVisible();
  });

  it('deletes an alert: the request goes out, the list loses it and says what is left', async () => {
    let stored = [hanoi, japan];
    const requests = mockServer(({ method, url }) => {
      if (method === 'DELETE') {
        stored = stored.filter((alert) => url !== `/api/job-alerts/${alert.id}`);
        return new Response(null, { status: 204 });
      }
      return jsonResponse(200, { alerts: stored });
    });
    const { user } = renderWithProviders(<JobAlertList />);
    await user.click(await screen.findByRole('button', { name: 'Delete alert: Teaching jobs in Japan' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Teaching jobs in Japan' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Job alert deleted.');
    const deletes = requests.filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.url).toBe(`/api/job-alerts/${japan.id}`);
    expect(deletes[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(within(screen.getByRole('list', { name: 'Your job alerts' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('You have 1 job alert (at most 20).')).toHaveFocus();
    // The list is read again from the server after the change.
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(screen.getByRole('link', { name: /Hanoi, Vietnam/ })).toBeInTheDocument();
  });

  it('says when a delete fails and keeps the alert', async () => {
    mockServer(({ method }) =>
      method === 'DELETE'
        ? jsonResponse(500, { error: true, message: 'Something went wrong on our side. Please try again.' })
        : jsonResponse(200, { alerts: [hanoi] }),
    );
    const { user } = renderWithProviders(<JobAlertList />);
    await user.click(await screen.findByRole('button', { name: /^Delete alert/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(screen.getByRole('link', { name: /Hanoi, Vietnam/ })).toBeInTheDocument();
  });

  it('without alerts, points to the job search', async () => {
    mockServer(() => jsonResponse(200, { alerts: [] }));
    renderWithProviders(<JobAlertList />);
    expect(await screen.findByText('You have no job alerts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for jobs' })).toHaveAttribute('href', '/jobs');
    expect(screen.queryByRole('list', { name: 'Your job alerts' })).not.toBeInTheDocument();
  });

  it('says when the list is full', async () => {
    const alerts = Array.from({ length: JOB_ALERTS_MAX }, (_, i) => ({
      ...japan,
      id: `9c8d7e6f-5a4b-4c3d-8e2f-${String(i).padStart(12, '0')}`,
    }));
    mockServer(() => jsonResponse(200, { alerts }));
    renderWithProviders(<JobAlertList />);
    expect(
      await screen.findByText('You have 20 job alerts, the most you can have: delete one to make room for another.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete alert/ })).toHaveLength(20);
  });
});
