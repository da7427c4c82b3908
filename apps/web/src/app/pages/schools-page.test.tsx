import type { SchoolDirectoryEntry } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../testing/render';
import { SchoolsPage } from './schools-page';

const entry = (slug: string, name: string, more: Partial<SchoolDirectoryEntry> = {}): SchoolDirectoryEntry => ({
  slug,
  name,
  kind: 'language_centre',
  country: 'japan',
  city: 'Tokyo',
  logo: null,
  verified: false,
  liveJobs: 0,
  ...more,
});

const SAKURA = entry('sakura-english', 'Sakura English', { verified: true, liveJobs: 2, logo: '/media/img/s.webp' });
const FUJI = entry('fuji-recruiting', 'Fuji Recruiting', { kind: 'recruiter', city: 'Osaka', liveJobs: 1 });
const AOBA = entry('aoba-kindergarten', 'Aoba Kindergarten', { kind: 'kindergarten' });

/** The directory's answers by the query asked: Japan's three schools, Tokyo's one, nothing elsewhere. */
function directory({ url }: RecordedRequest) {
  const query = new URL(url, 'http://localhost').searchParams;
  if (!url.startsWith('/api/schools')) return jsonResponse(404, { error: true, message: 'Not found' });
  if (query.get('city') === 'Tokyo') return jsonResponse(200, { schools: [SAKURA] });
  if (query.get('country') === 'japan' || !query.get('country')) {
    return jsonResponse(200, { schools: [SAKURA, FUJI, AOBA] });
  }
  return jsonResponse(200, { schools: [] });
}

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

function renderDirectory(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/schools"
        element={
          <>
            <SchoolsPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

describe('the schools directory', () => {
  beforeEach(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
  });

  it('lists the schools of the country in the address: name links, kind, place, open jobs and the check mark', async () => {
    const requests = mockServer(directory);
    renderDirectory(paths.schools({ country: 'japan' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Schools' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '3 schools in Japan' })).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual(['/api/schools?country=japan']);
    await waitFor(() => expect(document.title).toBe('Schools in Japan | TeachEast'));
    expect(screen.getByLabelText('Country')).toHaveValue('japan');

    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual([
      '/schools/sakura-english',
      '/schools/fuji-recruiting',
      '/schools/aoba-kindergarten',
    ]);
    expect(cards[0]).toHaveTextContent('Language centre · Tokyo, Japan');
    expect(cards[0]).toHaveTextContent('2 open jobs');
    expect(cards[0]).toHaveTextContent('Registration checked');
    expect(within(cards[1]!).getByText('Recruiter')).toHaveClass('recruiter-label');
    expect(cards[1]).toHaveTextContent('1 open job');
    expect(cards[2]).toHaveTextContent('Kindergarten · Tokyo, Japan');
    expect(cards[2]).toHaveTextContent('No open jobs right now');
    // No check is the default: nothing is said of it.
    expect(cards[1]).not.toHaveTextContent(/registration|verified/i);
    expect(cards[2]).not.toHaveTextContent(/registration|verified/i);
  });

  it('puts the country and city chosen in the address, offering the country’s own cities', async () => {
    const requests = mockServer(directory);
    const { user } = renderDirectory(paths.schools());
    expect(await screen.findByRole('heading', { level: 2, name: '3 schools' })).toBeInTheDocument();
    const city = screen.getByLabelText('City');
    expect(city).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Country'), 'japan');
    expect(screen.getByTestId('address')).toHaveTextContent('/schools?country=japan');
    expect(city).toBeEnabled();
    const cities = within(city)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(cities[0]).toBe('All cities');
    expect(cities).toContain('Tokyo');
    expect(cities).not.toContain('Seoul');

    await user.selectOptions(city, 'Tokyo');
    expect(screen.getByTestId('address')).toHaveTextContent('/schools?country=japan&city=Tokyo');
    expect(await screen.findByRole('heading', { level: 2, name: '1 school in Tokyo, Japan' })).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual([
      '/api/schools',
      '/api/schools?country=japan',
      '/api/schools?country=japan&city=Tokyo',
    ]);

    // A new country starts again from all its cities.
    await user.selectOptions(screen.getByLabelText('Country'), 'vietnam');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/schools\?country=vietnam$/);
    expect(
      await screen.findByText('No school has a profile here yet. Try another city or country.'),
    ).toBeInTheDocument();
  });

  it('leaves out a country it does not know and a city not of the country', async () => {
    const requests = mockServer(directory);
    renderDirectory('/schools?country=japan&city=Seoul');
    expect(await screen.findByRole('heading', { level: 2, name: '3 schools in Japan' })).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual(['/api/schools?country=japan']);
    expect(screen.getByLabelText('City')).toHaveValue('');
  });
});
