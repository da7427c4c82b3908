import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
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
      filters: {},
      frequency: 'daily',
      active: false,
      createdAt: '2026-06-03T10:00:00.000Z',
    },
  });
}

/** The address the page is at, shown so a test can read it. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function renderJobsPage(route: string) {
  queryClient.setQueryData(currentUserQueryKey, null);
  return renderWithProviders(
    <Routes>
      <Route
        path="/jobs"
        element={
          <>
            <JobsPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const searches = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.startsWith('/api/filter-jobs')).map((r) => r.url);

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

  it('sends the contract-sheet filters the address states, under the same names, and shows them open', async () => {
    const requests = mockServer(jobBoard);
    renderJobsPage(
      '/jobs?country=south-korea&minPay=2500000&housing=1&noSaturdays=1&maxTeachingHours=25&visa=yes&page=1',
    );
    expect(await screen.findByText(/At least KRW 2,500,000 a month/)).toBeInTheDocument();
    // visa=yes is no value the API takes: left out rather than answered with a 400.
    expect(searches(requests)).toEqual([
      '/api/filter-jobs?country=south-korea&minPay=2500000&housing=1&maxTeachingHours=25&noSaturdays=1&page=1',
    ]);
    const filters = screen.getByRole('search', { name: 'Filter jobs' });
    expect(within(filters).getByText('More filters (4)').closest('details')).toHaveAttribute('open');
    expect(within(filters).getByLabelText('Minimum pay a month, in KRW')).toHaveValue('2500000');
    expect(within(filters).getByLabelText('Teaching hours a week, at most')).toHaveValue('25');
    expect(within(filters).getByRole('checkbox', { name: 'Housing or a housing allowance' })).toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'No Saturdays' })).toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'Visa sponsorship' })).not.toBeChecked();
  });

  it('turns filters on behind "More filters": into the address and the API call, back to page 1', async () => {
    const requests = mockServer(jobBoard);
    const { user } = renderJobsPage('/jobs?country=japan&page=3');
    const filters = screen.getByRole('search', { name: 'Filter jobs' });
    const more = within(filters).getByText('More filters');
    expect(more.closest('details')).not.toHaveAttribute('open');
    await user.click(more);

    await user.click(within(filters).getByRole('checkbox', { name: 'Visa sponsorship' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/jobs?country=japan&visa=1&page=1');

    const minPay = within(filters).getByLabelText('Minimum pay a month, in JPY');
    await user.type(minPay, 'lots');
    await user.click(within(filters).getByRole('button', { name: 'Apply' }));
    expect(minPay).toHaveAccessibleDescription(/Enter a whole number from 1 to 1,000,000,000/);
    await user.clear(minPay);
    await user.type(minPay, '250,000{Enter}');
    expect(minPay).not.toHaveAttribute('aria-invalid');

    await user.selectOptions(within(filters).getByLabelText('Teaching hours a week, at most'), '20');
    await user.click(within(filters).getByRole('checkbox', { name: 'No split shift' }));
    const address = '/jobs?country=japan&minPay=250000&visa=1&maxTeachingHours=20&noSplitShift=1&page=1';
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(address);
    await screen.findByText(/At most 20 teaching hours a week · Visa sponsored · No split shift/);
    expect(searches(requests).at(-1)).toBe(address.replace('/jobs?', '/api/filter-jobs?'));
  });

  it('drops the minimum pay with another country, whose currency it is not in, and keeps the other filters', async () => {
    mockServer(jobBoard);
    const { user } = renderJobsPage('/jobs?country=south-korea&minPay=2500000&housing=1&page=1');
    const filters = screen.getByRole('search', { name: 'Filter jobs' });
    await user.selectOptions(within(filters).getByLabelText('Country'), 'japan');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/jobs?country=japan&housing=1&page=1');
    expect(within(filters).getByLabelText('Minimum pay a month, in JPY')).toHaveValue('');
  });
});
