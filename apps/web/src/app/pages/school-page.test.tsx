import type { JobTile, SchoolPageAnswer } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../testing/render';
import { SchoolPage } from './school-page';

const SLUG = 'sakura-english';
const sakura = { slug: SLUG, name: 'Sakura English', kind: 'language_centre', verified: true } as const;

const tile = (n: number, title: string): JobTile => ({
  uuid: `1a2b3c4d-0000-4000-8000-00000000000${n}`,
  title,
  companyName: 'Sakura English',
  country: 'japan',
  city: 'Tokyo',
  ageGroup: 'Children',
  pay: '',
  startDate: '4',
  duration: '12',
  classSize: '1 - 10',
  thumbnail: null,
  salary: null,
  badges: [],
  permit: null,
  school: sakura,
  publishedDate: '2026-03-01T00:00:00.000Z',
});

const answer: SchoolPageAnswer = {
  school: {
    slug: SLUG,
    name: 'Sakura English',
    country: 'japan',
    city: 'Tokyo',
    kind: 'language_centre',
    website: 'https://sakura.example/',
    aboutHTML: '<p>A small school with <strong>big</strong> classrooms.</p><script>alert(1)</script>',
    foundedYear: 1998,
    foreignTeachers: 12,
    logo: '/media/img/sakura-logo.webp',
    verified: true,
  },
  jobs: [tile(1, 'Kindergarten Teacher'), tile(2, 'Evening Teacher')],
  jobsPosted: 7,
  since: '2025-09-14',
  verifications: [{ kind: 'registration', checkedAt: '2026-02-03T09:30:00.000Z' }],
};

function renderSchoolPage(slug = SLUG) {
  return renderWithProviders(
    <Routes>
      <Route path="/schools/:slug" element={<SchoolPage />} />
    </Routes>,
    { route: paths.school(slug) },
  );
}

describe('SchoolPage', () => {
  beforeEach(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
  });

  it('shows the school, its dated registration check, its facts, its about and its live jobs as tiles', async () => {
    const requests = mockServer(() => jsonResponse(200, answer));
    renderSchoolPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sakura English' })).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual([`/api/schools/${SLUG}`]);
    await waitFor(() => expect(document.title).toBe('Sakura English, Tokyo | TeachEast'));
    const profile = screen.getByRole('article', { name: 'Sakura English' });
    expect(profile).toHaveTextContent('Language centre');
    expect(profile).toHaveTextContent('Tokyo, Japan');
    expect(within(profile).getByRole('list', { name: 'Checks by TeachEast' })).toHaveTextContent(
      'Registration checked February 3, 2026',
    );
    expect(within(profile).getByRole('link', { name: /sakura\.example/ })).toHaveAttribute(
      'href',
      'https://sakura.example/',
    );
    expect(profile).toHaveTextContent('Founded1998');
    expect(profile).toHaveTextContent('Foreign teachers12');
    expect(profile).toHaveTextContent('Hiring on TeachEast since September 14, 2025. 7 jobs posted.');
    // The about is rendered as a job description is: cleaned, its markup kept.
    const about = screen.getByRole('region', { name: 'About Sakura English' });
    expect(within(about).getByText('big').tagName).toBe('STRONG');
    expect(about.querySelector('script')).toBeNull();
    expect(profile.querySelector('img')).toHaveAttribute('src', '/media/img/sakura-logo.webp');
    // Not a recruiter: no such label anywhere.
    expect(screen.queryByText('Recruiter')).toBeNull();

    const jobs = screen.getByRole('region', { name: 'Jobs at Sakura English' });
    const links = within(jobs).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/posting/${tile(1, '').uuid}`,
      `/posting/${tile(2, '').uuid}`,
    ]);
    expect(within(jobs).getByRole('heading', { level: 3, name: /Kindergarten Teacher/ })).toBeInTheDocument();
  });

  it('says nothing of checks a school has not had, and labels a recruiter and the tiles of its jobs', async () => {
    const recruiter: SchoolPageAnswer = {
      ...answer,
      school: {
        ...answer.school,
        kind: 'recruiter',
        verified: false,
        website: null,
        foundedYear: null,
        foreignTeachers: null,
        aboutHTML: '',
        logo: null,
      },
      jobs: [{ ...tile(1, 'Kindergarten Teacher'), school: { ...sakura, kind: 'recruiter', verified: false } }],
      verifications: [],
      jobsPosted: 1,
      since: '2026-03-01',
    };
    mockServer(() => jsonResponse(200, recruiter));
    renderSchoolPage();

    const profile = await screen.findByRole('article', { name: 'Sakura English' });
    expect(within(profile).getByText('Recruiter')).toHaveClass('recruiter-label');
    expect(profile).toHaveTextContent('A recruiter hires teachers for other schools.');
    expect(profile).toHaveTextContent('1 job posted.');
    expect(document.body).not.toHaveTextContent(/registration|verified|unverified/i);
    expect(screen.queryByRole('region', { name: /^About/ })).toBeNull();
    expect(within(profile).queryByText('Website')).toBeNull();
    expect(within(profile).queryByText('Founded')).toBeNull();
    const jobs = screen.getByRole('region', { name: 'Jobs at Sakura English' });
    expect(within(within(jobs).getByRole('article')).getByText('Recruiter')).toBeInTheDocument();
  });

  it('says so when the school has no open job, with a way to the country’s jobs', async () => {
    mockServer(() => jsonResponse(200, { ...answer, jobs: [], since: null, jobsPosted: 0 }));
    renderSchoolPage();
    const jobs = await screen.findByRole('region', { name: 'Jobs at Sakura English' });
    expect(jobs).toHaveTextContent('No open jobs right now.');
    expect(within(jobs).getByRole('link', { name: 'See teaching jobs in Japan' })).toHaveAttribute(
      'href',
      '/jobs?country=japan&page=1',
    );
    expect(screen.getByRole('article', { name: 'Sakura English' })).toHaveTextContent('No jobs posted yet.');
  });

  it('is a not-found page for a school that does not exist', async () => {
    mockServer(() => jsonResponse(404, { error: true, message: 'This school was not found.' }));
    renderSchoolPage('no-such-school');
    expect(await screen.findByRole('heading', { level: 1, name: 'School not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all schools' })).toHaveAttribute('href', '/schools');
    await waitFor(() => expect(document.title).toBe('School not found | TeachEast'));
  });
});
