import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../testing/render';
import { JobsPage } from './jobs-page';

function jobBoard({ url }: RecordedRequest) {
  if (url.startsWith('/api/filter-jobs')) return jsonResponse(200, { results: [] });
  if (url.startsWith('/api/jobs/cities/')) return jsonResponse(200, [{ city: 'Hanoi', count: 3 }]);
  return jsonResponse(201, {
    alert: {
      id: '0b6f3a52-8d7e-4c1a-9f2b-3c4d5e6f7a8b',
      country: 'vietnam',
      city: 'Hanoi',
      ageGroup: 'Children',
      q: 'phonics',
      frequency: 'daily',
      active: false,
      createdAt: '2026-06-03T10:00:00.000Z',
    },
  });
}

function renderJobsPage(route: string) {
  queryClient.setQueryData(currentUserQueryKey, null);
  return renderWithProviders(
    <Routes>
      <Route path="/jobs" element={<JobsPage />} />
    </Routes>,
    { route },
  );
}

describe('JobsPage', () => {
  it('offers no alert before a country is chosen', async () => {
    mockServer(jobBoard);
    renderJobsPage('/jobs');
    expect(await screen.findByText('Choose a country to see its teaching jobs.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email me jobs like these' })).not.toBeInTheDocument();
  });

  it('saves the search the address states as an alert', async () => {
    const requests = mockServer(jobBoard);
    const { user } = renderJobsPage(
      paths.jobs({ country: 'vietnam', city: 'Hanoi', ageGroup: 'Children', q: 'phonics', page: 2 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Email me jobs like these' }));
    const form = await screen.findByRole('form', { name: 'Get new jobs like these by e-mail' });
    expect(form).toHaveAccessibleDescription('New jobs for: “phonics” jobs in Hanoi, Vietnam, teaching children');

    await user.type(within(form).getByLabelText('Email'), 'teacher@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save alert' }));

    await screen.findByText(/Check your inbox/);
    const posted = requests.filter((r) => r.url === '/api/job-alerts');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ method: 'POST' });
    expect(posted[0]?.body).toEqual({
      country: 'vietnam',
      city: 'Hanoi',
      ageGroup: 'Children',
      q: 'phonics',
      frequency: 'daily',
      email: 'teacher@example.com',
    });
  });
});
