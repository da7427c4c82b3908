import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { JobTile } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { ELIGIBILITY_FACTS_STORAGE_KEY } from '../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { publishedJob } from '../../testing/published-job';
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

  describe('"Can I take these jobs?"', () => {
    const tile = (uuid: string, companyName: string, permit: string | null): JobTile => ({
      ...publishedJob,
      uuid,
      companyName,
      country: 'south-korea',
      salary: null,
      badges: [],
      permit,
    });
    const TILES = [
      tile('0b7f3c1e-6a7d-4e3a-9a55-2f4a8d3c1b11', 'Hanok Academy', 'KR-E2'),
      tile('0b7f3c1e-6a7d-4e3a-9a55-2f4a8d3c1b12', 'Lakeside University', 'KR-E1'),
      tile('0b7f3c1e-6a7d-4e3a-9a55-2f4a8d3c1b13', 'Weekend Club', null),
    ];
    const koreanBoard = (request: RecordedRequest) =>
      request.url.startsWith('/api/filter-jobs') ? jsonResponse(200, { results: TILES }) : jobBoard(request);
    const tileOf = (school: string) => screen.getByText(school).closest('article')!;
    const findTile = async (school: string) => (await screen.findByText(school)).closest('article')!;

    it('puts a visa badge on every tile once answered, and sends "Only jobs I can take" with the answers', async () => {
      window.localStorage.setItem(
        ELIGIBILITY_FACTS_STORAGE_KEY,
        JSON.stringify({ passports: ['PH'], degree: 'bachelor', teflHours: 120, teachingYears: 1 }),
      );
      const requests = mockServer(koreanBoard);
      const { user } = renderJobsPage('/jobs?country=south-korea&page=1');
      expect(await within(await findTile('Hanok Academy')).findByText('Not for your passport')).toBeInTheDocument();
      expect(within(tileOf('Lakeside University')).getByText('You qualify')).toBeInTheDocument();
      expect(within(tileOf('Weekend Club')).getByText('Check the visa')).toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: 'Only jobs I can take' }));
      const address =
        '/jobs?country=south-korea&page=1&eligibleOnly=1&passport=PH&degree=bachelor&teflHours=120&teachingYears=1';
      await screen.findByText(/All cities and age groups · Only jobs I can take/);
      expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(address);
      // The API's order of the query (page last), the server filtering.
      await waitFor(() =>
        expect(searches(requests).at(-1)).toBe(
          '/api/filter-jobs?country=south-korea&eligibleOnly=1&passport=PH&degree=bachelor&teflHours=120&teachingYears=1&page=1',
        ),
      );

      // Another filter keeps it, and so does the next page.
      await user.selectOptions(
        within(screen.getByRole('search', { name: 'Filter jobs' })).getByLabelText('Student age group'),
        'Adults',
      );
      await waitFor(() =>
        expect(searches(requests).at(-1)).toBe(
          '/api/filter-jobs?country=south-korea&ageGroup=Adults&eligibleOnly=1&passport=PH&degree=bachelor&teflHours=120&teachingYears=1&page=1',
        ),
      );
    });

    it('reads "Only jobs I can take" from the address only with the switch on', async () => {
      const requests = mockServer(koreanBoard);
      renderJobsPage('/jobs?country=south-korea&passport=PH&degree=bachelor&page=1');
      await findTile('Hanok Academy');
      expect(searches(requests)).toEqual(['/api/filter-jobs?country=south-korea&page=1']);
      // No answers in this browser: no badges.
      expect(screen.queryByText('Check the visa')).not.toBeInTheDocument();
    });
  });
});
