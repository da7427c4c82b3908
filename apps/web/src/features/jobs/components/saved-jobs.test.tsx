import type { JobTile } from '@teacheast/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPARE_CHOICE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { SavedJobs } from './saved-jobs';

const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };

const tile = (n: number, companyName: string): JobTile => ({
  uuid: `1a2b3c4d-0000-4000-8000-00000000000${n}`,
  title: '',
  companyName,
  country: 'japan',
  city: 'Osaka',
  ageGroup: 'Adults',
  pay: '',
  startDate: '4',
  duration: '12',
  classSize: '1 - 10',
  thumbnail: null,
  salary: null,
  badges: [],
  permit: null,
  school: null,
  publishedDate: '2026-03-01T00:00:00.000Z',
});

const SCHOOLS = ['Aoba', 'Birch', 'Cedar', 'Daisy', 'Elm'];
const savedJobs = SCHOOLS.map((school, i) => tile(i + 1, school));

function ComparePageStandIn() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderSavedJobs(jobs: JobTile[] = savedJobs) {
  mockServer(({ url }) =>
    url === `/api/favorites/${member.uuid}`
      ? jsonResponse(200, { jobs })
      : jsonResponse(404, { error: true, message: 'Not found' }),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/account" element={<SavedJobs />} />
      <Route path="/compare" element={<ComparePageStandIn />} />
    </Routes>,
    { route: '/account' },
  );
}

const tickOf = (school: string) => screen.getByRole('checkbox', { name: `Compare English Teacher at ${school}` });

describe('choosing saved jobs to compare', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, member);
  });

  it('holds Compare, saying why, until two jobs are ticked, then goes to /compare with them in list order', async () => {
    const { user } = renderSavedJobs();
    const group = await screen.findByRole('group', { name: 'Choose jobs to compare' });
    const compare = within(group).getByRole('button', { name: 'Compare' });
    expect(compare).toHaveAttribute('aria-disabled', 'true');
    expect(compare).toHaveAccessibleDescription('Choose 2 to 4 jobs to compare.');

    await user.click(tickOf('Cedar'));
    expect(compare).toHaveAttribute('aria-disabled', 'true');
    expect(compare).toHaveAccessibleDescription('1 job chosen: choose at least 1 more to compare.');
    // Held: pressing it goes nowhere.
    await user.click(compare);
    expect(screen.queryByText(/^At \/compare/)).toBeNull();

    await user.click(tickOf('Aoba'));
    expect(compare).not.toHaveAttribute('aria-disabled');
    expect(compare).toHaveAccessibleDescription('2 jobs chosen.');
    await user.click(compare);
    expect(await screen.findByText(`At /compare?ids=${savedJobs[0]!.uuid},${savedJobs[2]!.uuid}`)).toBeInTheDocument();
  });

  it('refuses a fifth job with a message, and takes another once one is unticked', async () => {
    const { user } = renderSavedJobs();
    await screen.findByRole('group', { name: 'Choose jobs to compare' });
    for (const school of ['Aoba', 'Birch', 'Cedar', 'Daisy']) await user.click(tickOf(school));
    expect(screen.getByRole('button', { name: 'Compare' })).toHaveAccessibleDescription(
      '4 jobs chosen, the most you can compare at once.',
    );

    await user.click(tickOf('Elm'));
    expect(tickOf('Elm')).not.toBeChecked();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You can compare at most 4 jobs. Untick one to choose another.',
    );

    await user.click(tickOf('Birch'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(tickOf('Elm'));
    expect(tickOf('Elm')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const ids = [0, 2, 3, 4].map((i) => savedJobs[i]!.uuid).join(',');
    expect(await screen.findByText(`At /compare?ids=${ids}`)).toBeInTheDocument();
  });

  it('keeps the ticks for Back from the comparison, and forgets jobs no longer saved', async () => {
    window.sessionStorage.setItem(
      COMPARE_CHOICE_STORAGE_KEY,
      JSON.stringify([savedJobs[1]!.uuid, '1a2b3c4d-0000-4000-8000-000000000099']),
    );
    renderSavedJobs();
    await screen.findByRole('group', { name: 'Choose jobs to compare' });
    expect(tickOf('Birch')).toBeChecked();
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Compare' })).toHaveAccessibleDescription(
      '1 job chosen: choose at least 1 more to compare.',
    );
  });

  it('offers no choice with a single saved job', async () => {
    renderSavedJobs(savedJobs.slice(0, 1));
    expect(await screen.findByText('Save one more job to compare them side by side.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compare' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unsave Aoba' })).toBeInTheDocument();
  });
});
