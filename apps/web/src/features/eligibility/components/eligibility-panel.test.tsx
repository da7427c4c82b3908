import { render, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { JobTile } from '@teacheast/shared';
import { ELIGIBILITY_FACTS_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { publishedJob } from '../../../testing/published-job';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { EligibilityPanel, withEligibleOnly, type TileBadges } from './eligibility-panel';

const MEMBER = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com' };

const tileWith = (permit: string | null): JobTile => ({ ...publishedJob, salary: null, badges: [], permit });

/** The address the panel is at, shown so a test can read it. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

/** The panel as /jobs shows it: reading the search from the URL, handing its badges out. */
function Panel({ onTileBadges }: { onTileBadges: (badges: TileBadges | null) => void }) {
  const [params] = useSearchParams();
  return (
    <EligibilityPanel search={{ eligibleOnly: params.get('eligibleOnly') ?? undefined }} onTileBadges={onTileBadges} />
  );
}

function renderPanel(route = '/jobs?country=south-korea&page=2', user: typeof MEMBER | null = null) {
  queryClient.setQueryData(currentUserQueryKey, user);
  const onTileBadges = vi.fn<(badges: TileBadges | null) => void>();
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path="/jobs"
        element={
          <>
            <Panel onTileBadges={onTileBadges} />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
  /** What the last badges handed out say of a tile sponsoring `permit`, or null without badges. */
  const badgeOf = (permit: string | null): string | null => {
    const badges = onTileBadges.mock.lastCall?.[0];
    if (!badges) return null;
    const { container, unmount } = render(<>{badges.of(tileWith(permit))}</>);
    const text = container.textContent;
    unmount();
    return text;
  };
  return { ...rendered, onTileBadges, badgeOf };
}

/** Waits until the panel's navigation has reached `expected`. */
const expectAddress = (expected: string) =>
  vi.waitFor(() => expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(expected));
const panel = () => screen.getByRole('region', { name: 'Can I take these jobs?' });

describe('"Can I take these jobs?" on /jobs', () => {
  it('asks the four questions, keeps a visitor’s answers in this browser and badges the tiles', async () => {
    const requests = mockServer(() => jsonResponse(500, {}));
    const { user, onTileBadges, badgeOf } = renderPanel();
    expect(panel()).toHaveTextContent('Answer four questions');
    expect(screen.queryByRole('checkbox', { name: 'Only jobs I can take' })).not.toBeInTheDocument();
    expect(onTileBadges).toHaveBeenLastCalledWith(null);

    const toggle = within(panel()).getByRole('button', { name: 'Answer the questions' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Can I take these jobs?' });
    // The second passport is offered once there is a first.
    expect(within(form).queryByLabelText('Second passport (optional)')).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Passport'), 'PH');
    expect(within(form).getByLabelText('Second passport (optional)')).toHaveValue('');
    await user.selectOptions(within(form).getByLabelText('Highest degree'), 'bachelor');
    await user.type(within(form).getByLabelText('TEFL certificate, in hours'), '120');
    await user.type(within(form).getByLabelText('Years of teaching'), '1');
    expect(within(form).getByText('Your answers are kept in this browser only.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save my answers' }));

    expect(await within(panel()).findByText('Your answers are saved in this browser.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Change my answers' })).toHaveFocus();
    expect(panel()).toHaveTextContent(
      'Your answers: Philippines passport · Bachelor’s degree · TEFL certificate of 120 hours · 1 year of teaching.',
    );
    expect(JSON.parse(window.localStorage.getItem(ELIGIBILITY_FACTS_STORAGE_KEY)!)).toEqual({
      passports: ['PH'],
      degree: 'bachelor',
      teflHours: 120,
      teachingYears: 1,
    });
    // Nothing of a visitor's answers goes to the server.
    expect(requests).toEqual([]);

    // The rules load, and the tiles get their badges; the panel says where the rules come from.
    expect(await within(panel()).findByText(/^Rules last reviewed/)).toHaveTextContent(
      /Rules last reviewed \w+ \d+, \d{4}\. This is not legal advice\./,
    );
    expect(badgeOf('KR-E2')).toBe('✕Visa: Not for your passport');
    expect(badgeOf('KR-E1')).toBe('✓Visa: You qualify');
    expect(badgeOf(null)).toBe('?Visa: Check the visa');
    expect(within(panel()).getByText('Where the rules come from')).toBeInTheDocument();
    expect(within(panel()).getAllByRole('link').length).toBeGreaterThan(9);
  });

  it('turns "Only jobs I can take" on with the answers in the URL, from the first page, and off again', async () => {
    window.localStorage.setItem(
      ELIGIBILITY_FACTS_STORAGE_KEY,
      JSON.stringify({ passports: ['PH', 'US'], degree: 'bachelor', teflHours: 120, teachingYears: 1 }),
    );
    mockServer(() => jsonResponse(500, {}));
    const { user } = renderPanel();
    const only = within(panel()).getByRole('checkbox', { name: 'Only jobs I can take' });
    expect(only).not.toBeChecked();
    expect(only).toHaveAccessibleDescription(
      'Hides the jobs whose work permit your answers rule out. Jobs we cannot check stay.',
    );

    await user.click(only);
    await expectAddress(
      '/jobs?country=south-korea&page=1&eligibleOnly=1&passport=PH%2CUS&degree=bachelor&teflHours=120&teachingYears=1',
    );
    expect(only).toBeChecked();

    // New answers while it is on: the URL follows them.
    await user.click(within(panel()).getByRole('button', { name: 'Change my answers' }));
    await user.selectOptions(screen.getByLabelText('Second passport (optional)'), '');
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));
    await expectAddress(
      '/jobs?country=south-korea&page=1&eligibleOnly=1&passport=PH&degree=bachelor&teflHours=120&teachingYears=1',
    );

    await user.click(only);
    await expectAddress('/jobs?country=south-korea&page=1');
    expect(only).not.toBeChecked();
  });

  it('says what is wrong with an answer, on the answer, and keeps nothing', async () => {
    mockServer(() => jsonResponse(500, {}));
    const { user } = renderPanel();
    await user.click(within(panel()).getByRole('button', { name: 'Answer the questions' }));
    const hours = screen.getByLabelText('TEFL certificate, in hours');
    await user.type(hours, 'lots');
    await user.type(screen.getByLabelText('Years of teaching'), '41');
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));

    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(hours).toHaveAccessibleDescription(
      'A TEFL, TESOL or CELTA certificate; 0 if you have none. TEFL hours must be a whole number',
    );
    expect(screen.getByLabelText('Years of teaching')).toHaveAccessibleDescription(
      'Whole years; 0 if you have not taught yet. Years of teaching must be between 0 and 40',
    );
    expect(hours).toHaveFocus();
    expect(window.localStorage.getItem(ELIGIBILITY_FACTS_STORAGE_KEY)).toBeNull();
  });

  it("reads and saves a member's answers in their account", async () => {
    const requests = mockServer(({ method, body }: RecordedRequest) =>
      method === 'PUT'
        ? jsonResponse(200, { facts: body })
        : jsonResponse(200, { facts: { passports: ['GB'], degree: 'master' } }),
    );
    const { user, badgeOf } = renderPanel('/jobs?country=south-korea&page=1', MEMBER);
    expect(await within(panel()).findByText(/United Kingdom passport · Master’s degree/)).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'GET', url: `/api/post-resume/eligibility/${MEMBER.uuid}` });
    await within(panel()).findByText(/^Rules last reviewed/);
    expect(badgeOf('KR-E2')).toBe('✓Visa: You qualify');

    await user.click(within(panel()).getByRole('button', { name: 'Change my answers' }));
    expect(screen.getByLabelText('Passport')).toHaveValue('GB');
    expect(screen.getByText('Your answers are kept in your account. Only you see them.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Years of teaching'), '2');
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));

    expect(await within(panel()).findByText('Your answers are saved in your account.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ url: `/api/post-resume/eligibility/${MEMBER.uuid}` });
    expect(put?.body).toEqual({ passports: ['GB'], degree: 'master', teachingYears: 2 });
    expect(window.localStorage.getItem(ELIGIBILITY_FACTS_STORAGE_KEY)).toBeNull();
    expect(panel()).toHaveTextContent('2 years of teaching');
  });

  it("uses the browser's answers for a member whose account has none yet", async () => {
    window.localStorage.setItem(ELIGIBILITY_FACTS_STORAGE_KEY, JSON.stringify({ passports: ['ZA'] }));
    mockServer(() => jsonResponse(200, { facts: null }));
    renderPanel('/jobs?country=south-korea&page=1', MEMBER);
    expect(await within(panel()).findByText('Your answers: South Africa passport.')).toBeInTheDocument();
  });
});

describe('the URL of "Only jobs I can take"', () => {
  it('sets the switch and the answers, or takes them all away, and starts again at page 1', () => {
    const params = new URLSearchParams('country=japan&housing=1&page=3&teflHours=60');
    expect(withEligibleOnly(params, { degree: 'doctorate', teflHours: 0 }).toString()).toBe(
      'country=japan&housing=1&page=1&teflHours=0&eligibleOnly=1&degree=doctorate',
    );
    expect(withEligibleOnly(params, null).toString()).toBe('country=japan&housing=1&page=1');
    // The search it was given stays as it was.
    expect(params.toString()).toBe('country=japan&housing=1&page=3&teflHours=60');
  });
});
