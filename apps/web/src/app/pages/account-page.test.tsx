import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

const resume = {
  uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Robin Teacher',
  nationality: 'Canada',
  experience: '4',
  education: 'Bachelors',
  desiredCountry: 'Vietnam',
  desiredStartDate: 'April',
  desiredAgeGroup: 'Adults',
  profileImage: null,
  lastUpdatedAt: '2026-06-01T00:00:00.000Z',
  email: 'teacher@example.com',
  resumeHtml: '<p>Four years of teaching.</p>',
  resumeUrl: '',
  published: true,
};

const jobTile = {
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
};

const application = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  jobUuid: jobTile.uuid,
  status: 'viewed',
  coverLetter: '',
  createdAt: '2026-06-03T10:00:00.000Z',
  history: [
    { status: 'submitted', at: '2026-06-03T10:00:00.000Z' },
    { status: 'viewed', at: '2026-06-04T09:00:00.000Z' },
  ],
  job: jobTile,
  unread: 2,
};

/** The answers of a teacher: a published resume, one application with two unread messages, no jobs or schools. */
const teacherAnswers: Record<string, unknown> = {
  [`/api/post-resume/preview/${member.uuid}`]: resume,
  '/api/applications': { applications: [application] },
  '/api/my-schools': { schools: [] },
  [`/api/jobs/published/${member.uuid}?page=1`]: { publishedJobs: [] },
  [`/api/jobs/expired/${member.uuid}`]: { expiredJobs: [] },
  [`/api/post-resume/privacy/${member.uuid}`]: { visibility: 'applications_only', hiddenFromDomains: [] },
  [`/api/post-resume/views/${member.uuid}`]: {
    views: [
      { viewer: { name: 'Saigon Language Institute', school: 'saigon-language' }, at: '2026-06-05T09:00:00.000Z' },
    ],
  },
};

/** `server`, with some answers replaced by `answers` (by the exact URL asked). */
function serverWith(answers: Record<string, unknown>) {
  return (request: RecordedRequest) =>
    request.url in answers ? jsonResponse(200, answers[request.url]) : server(request);
}

/** The page's sections, top to bottom, by their headings. */
const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

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
  const scrolledTo: Element[] = [];

  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, member);
    // jsdom lays nothing out and has no scrollIntoView: record what the page brings into view.
    scrolledTo.length = 0;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolledTo.push(this);
    });
  });

  it('has an Alerts tab after the job tabs, which lists the job alerts', async () => {
    const requests = mockServer(server);
    const { user } = renderAccountPage(paths.account());
    const tabs = await screen.findAllByRole('tab');
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
    expect(await screen.findByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Alerts' });
    expect(await within(panel).findByText('You have 1 job alert (at most 20).')).toBeInTheDocument();
  });

  it('has an Applications tab last, which lists the applications sent, from its address too', async () => {
    const requests = mockServer(server);
    renderAccountPage(paths.account('applications'));
    expect(await screen.findByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Applications' });
    expect(await within(panel).findByText(/You have not applied to any job yet/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Search for jobs' })).toHaveAttribute('href', '/jobs');
    expect(requests.some((r) => r.url === '/api/applications')).toBe(true);
  });

  it('has a Schools tab after the job tabs, which lists the account’s schools with a link to each page', async () => {
    const requests = mockServer(server);
    renderAccountPage(paths.account('schools'));
    expect(await screen.findByRole('tab', { name: 'Schools' })).toHaveAttribute('aria-selected', 'true');
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

  it('opens a school’s account on its jobs, with no resume section', async () => {
    const requests = mockServer(server);
    renderAccountPage(paths.account());
    expect(await screen.findByRole('heading', { level: 2, name: 'Your jobs' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual(['Your jobs', 'Saved jobs', 'Your data']);
    expect(screen.getByRole('region', { name: 'Your jobs' })).toHaveTextContent('You have 0 job credits.');
    expect(requests.some((r) => r.url.startsWith('/api/post-resume/privacy/'))).toBe(false);
  });

  it('opens a teacher’s account on their applications with the unread messages, then the resume, alerts and saved jobs', async () => {
    mockServer(serverWith(teacherAnswers));
    renderAccountPage(paths.account());
    expect(await screen.findByRole('heading', { level: 2, name: 'Your applications' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual([
      'Your applications',
      'Your resume',
      'Your job alerts',
      'Saved jobs',
      'Your jobs',
      'Your data',
    ]);

    const applications = screen.getByRole('region', { name: 'Your applications' });
    expect(applications).toHaveTextContent('You have 2 unread messages from schools.');
    expect(
      await within(applications).findByRole('link', { name: /Messages, interview and offer .* 2 unread messages/ }),
    ).toHaveAttribute('href', `/applications/${application.id}`);

    const yourResume = screen.getByRole('region', { name: 'Your resume' });
    expect(yourResume).toHaveTextContent('Published.');
    expect(within(yourResume).getByRole('link', { name: 'Edit your resume' })).toHaveAttribute(
      'href',
      `/post-resume/details/${member.uuid}`,
    );
    expect(within(yourResume).getByRole('link', { name: 'View your resume' })).toHaveAttribute(
      'href',
      `/resume/${resume.uuid}`,
    );
    expect(await within(yourResume).findByRole('radio', { name: 'Only the schools I apply to' })).toBeChecked();
    expect(await within(yourResume).findByRole('link', { name: 'Saigon Language Institute' })).toHaveAttribute(
      'href',
      '/schools/saigon-language',
    );
    expect(
      await within(screen.getByRole('region', { name: 'Your job alerts' })).findByText(
        'You have 1 job alert (at most 20).',
      ),
    ).toBeInTheDocument();

    // The spec's tabs are all still there, below, opening on the first.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Unpublished',
      'Published',
      'Expired',
      'Schools',
      'Alerts',
      'Applications',
    ]);
    expect(screen.getByRole('tab', { name: 'Unpublished' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps /account/applications for a teacher: the tab is chosen and leads to the one list of applications', async () => {
    mockServer(serverWith(teacherAnswers));
    renderAccountPage(paths.account('applications'));
    expect(await screen.findByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Applications' });
    expect(within(panel).getByRole('link', { name: 'Go to your applications' })).toHaveAttribute(
      'href',
      '#your-applications',
    );
    expect(await screen.findAllByRole('list', { name: 'Your applications' })).toHaveLength(1);
    // Its section is the first: nothing to bring into view.
    expect(scrolledTo).toEqual([]);
  });

  it('shows a teacher without a resume the way to post one', async () => {
    const withoutResume = Object.fromEntries(
      Object.entries(teacherAnswers).filter(([url]) => !url.startsWith('/api/post-resume/')),
    );
    mockServer(serverWith(withoutResume));
    renderAccountPage(paths.account());
    const yourResume = await screen.findByRole('region', { name: 'Your resume' });
    expect(yourResume).toHaveTextContent('You have no resume yet.');
    expect(within(yourResume).getByRole('link', { name: 'Post your resume' })).toHaveAttribute(
      'href',
      `/post-resume/details/${member.uuid}`,
    );
    expect(within(yourResume).queryByRole('form')).toBeNull();
    expect(sectionTitles().slice(0, 2)).toEqual(['Your applications', 'Your resume']);
  });

  it('opens a new account, with nothing yet, on where a teacher starts', async () => {
    mockServer(
      serverWith({
        '/api/my-schools': { schools: [] },
        [`/api/jobs/published/${member.uuid}?page=1`]: { publishedJobs: [] },
        [`/api/jobs/expired/${member.uuid}`]: { expiredJobs: [] },
      }),
    );
    renderAccountPage(paths.account());
    expect(await screen.findByRole('link', { name: 'Post your resume' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual([
      'Your applications',
      'Your resume',
      'Your job alerts',
      'Saved jobs',
      'Your jobs',
      'Your data',
    ]);
  });

  it('shows both sides to an account that has both: the teacher’s first, then the school’s jobs', async () => {
    mockServer(
      serverWith({
        ...teacherAnswers,
        [`/api/jobs/published/${member.uuid}?page=1`]: { publishedJobs: [jobTile] },
      }),
    );
    renderAccountPage(paths.account('published'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your applications' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual([
      'Your applications',
      'Your resume',
      'Your jobs',
      'Your job alerts',
      'Saved jobs',
      'Your data',
    ]);
    expect(screen.getByRole('tab', { name: 'Published' })).toHaveAttribute('aria-selected', 'true');
    // The address names a tab below the teacher's sections: the tabs are brought into view.
    expect(scrolledTo).toEqual([document.getElementById('your-jobs')]);
    const panel = screen.getByRole('tabpanel', { name: 'Published' });
    expect(await within(panel).findByRole('link', { name: 'Applicants for Hanoi English Centre' })).toHaveAttribute(
      'href',
      `/job/applicants/${jobTile.uuid}`,
    );
  });
});
