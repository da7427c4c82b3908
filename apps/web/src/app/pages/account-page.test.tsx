import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { TOKEN_STORAGE_KEY } from '../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../testing/render';
import { AccountPage } from './account-page';

const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };

function server({ url }: RecordedRequest) {
  if (url === '/api/job-alerts') {
    return jsonResponse(200, {
      alerts: [
        {
          id: '0b6f3a52-8d7e-4c1a-9f2b-3c4d5e6f7a8b',
          country: 'thailand',
          city: '',
          ageGroup: 'University',
          q: '',
          filters: {},
          frequency: 'weekly',
          active: true,
          createdAt: '2026-06-03T10:00:00.000Z',
        },
      ],
    });
  }
  if (url === '/api/applications') return jsonResponse(200, { applications: [] });
  if (url === '/api/my-schools') {
    return jsonResponse(200, {
      schools: [
        {
          slug: 'harbour-lights',
          name: 'Harbour Lights Academy',
          country: 'south-korea',
          city: 'Busan',
          kind: 'private_school',
          website: null,
          aboutHTML: '',
          foundedYear: null,
          foreignTeachers: null,
          logo: null,
          verified: false,
          registration: null,
        },
      ],
    });
  }
  if (url.startsWith('/api/credits/')) return jsonResponse(200, { credits: 0 });
  if (url.startsWith('/api/favorites/')) return jsonResponse(200, { jobs: [] });
  if (url.startsWith('/api/jobs/unpublished/')) return jsonResponse(200, { unpublishedJobs: [] });
  return jsonResponse(404, { error: true, message: 'Not found' });
}

function renderAccountPage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/account" element={<AccountPage />} />
      <Route path="/account/:selectedTab" element={<AccountPage />} />
    </Routes>,
    { route },
  );
}

describe('AccountPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, member);
  });

  it('has an Alerts tab after the job tabs, which lists the job alerts', async () => {
    const requests = mockServer(server);
    const { user } = renderAccountPage(paths.account());
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Unpublished',
      'Published',
      'Expired',
      'Schools',
      'Alerts',
      'Applications',
    ]);
    expect(screen.getByRole('tab', { name: 'Unpublished' })).toHaveAttribute('aria-selected', 'true');
    expect(requests.some((r) => r.url === '/api/job-alerts')).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Alerts' }));
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Alerts' });
    expect(
      await within(panel).findByRole('link', { name: 'Teaching jobs in Thailand, teaching university students' }),
    ).toHaveAttribute('href', '/jobs?country=thailand&ageGroup=University');
    expect(within(panel).getByRole('button', { name: /^Delete alert/ })).toBeInTheDocument();
  });

  it('opens on the Alerts tab from its address', async () => {
    mockServer(server);
    renderAccountPage(paths.account('alerts'));
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Alerts' });
    expect(await within(panel).findByText('You have 1 job alert (at most 20).')).toBeInTheDocument();
  });

  it('has an Applications tab last, which lists the applications sent, from its address too', async () => {
    const requests = mockServer(server);
    renderAccountPage(paths.account('applications'));
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Applications' });
    expect(await within(panel).findByText(/You have not applied to any job yet/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Search for jobs' })).toHaveAttribute('href', '/jobs');
    expect(requests.some((r) => r.url === '/api/applications')).toBe(true);
  });

  it('has a Schools tab after the job tabs, which lists the account’s schools with a link to each page', async () => {
    const requests = mockServer(server);
    renderAccountPage(paths.account('schools'));
    expect(screen.getByRole('tab', { name: 'Schools' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Schools' });
    expect(await within(panel).findByRole('link', { name: 'Harbour Lights Academy' })).toHaveAttribute(
      'href',
      '/schools/harbour-lights',
    );
    expect(panel).toHaveTextContent('Private school · Busan, South Korea');
    expect(panel).toHaveTextContent('You have 1 school (at most 20).');
    expect(within(panel).getByRole('button', { name: 'Create a school' })).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/my-schools')).toBe(true);
  });
});
