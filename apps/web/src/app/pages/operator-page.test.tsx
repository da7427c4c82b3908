import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { dayText } from '../../features/operator/console-words';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../testing/render';
import { OperatorPage } from './operator-page';

/** The console's address. */
const OPERATOR_PATH = paths.operator();

const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'anna@teacheast.example', subscriptionId: null };
const me = { email: member.email, operatorSince: '2026-11-01T09:00:00.000Z' };

const report = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  reason: 'asks_for_money',
  details: 'They asked me for a 500 USD visa fee.',
  createdAt: '2026-11-19T10:30:00.000Z',
  reporterEmail: 'ann@example.com',
  job: {
    uuid: '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d',
    title: 'Kindergarten Teacher',
    companyName: 'Golden Visa English',
    country: 'vietnam',
    city: 'Hanoi',
    ownerEmail: 'boss@golden.example',
    state: 'held',
    heldAt: '2026-11-20T08:00:00.000Z',
  },
  openReportsOfJob: 3,
};

/** An operator's server: each list of the console, and what /me says. */
function operatorServer({ url }: RecordedRequest) {
  if (url === '/api/operator/me') return jsonResponse(200, me);
  if (url === '/api/operator/reports') return jsonResponse(200, { reports: [report] });
  if (url === '/api/operator/jobs/held') return jsonResponse(200, { jobs: [report.job] });
  if (url === '/api/operator/verifications') return jsonResponse(200, { verifications: [] });
  if (url === '/api/operator/audit') return jsonResponse(200, { entries: [] });
  return jsonResponse(500, { error: true, message: `Unexpected ${url}` });
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderOperatorPage(route = OPERATOR_PATH) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={OPERATOR_PATH} element={<OperatorPage />} />
      </Routes>
      <Address />
    </>,
    { route },
  );
}

const address = () => screen.getByRole('status', { name: 'Address' });
const tab = (name: string) => screen.getByRole('tab', { name });

describe('OperatorPage', () => {
  beforeEach(() => {
    queryClient.setQueryData(currentUserQueryKey, member);
  });

  it('is the not-found page to a visitor who is not signed in, without asking the server', async () => {
    queryClient.setQueryData(currentUserQueryKey, null);
    const requests = mockServer(() => jsonResponse(404, { error: true, message: 'Not found' }));
    renderOperatorPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no page at this address/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | TeachEast'));
    expect(requests).toEqual([]);
  });

  it('is the not-found page to a member the server does not know as an operator (404)', async () => {
    const requests = mockServer(() => jsonResponse(404, { error: true, message: 'Not found' }));
    renderOperatorPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual(['/api/operator/me']);
    expect(screen.queryByText(/operator console|signed in as/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('says something went wrong when the server fails otherwise', async () => {
    mockServer(() => jsonResponse(429, { error: true, message: 'Too many requests. Please try again later.' }));
    renderOperatorPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please try again later.')).toBeInTheDocument();
  });

  it('shows an operator the console: who they are, and five tabs with the report queue open', async () => {
    const requests = mockServer(operatorServer);
    renderOperatorPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Operator console' })).toBeInTheDocument();
    expect(screen.getByText(/^Signed in as/)).toHaveTextContent(
      `Signed in as anna@teacheast.example, an operator since ${dayText(me.operatorSince)}.`,
    );
    await waitFor(() => expect(document.title).toBe('Operator console | TeachEast'));
    const tablist = screen.getByRole('tablist', { name: 'Operator console' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Reports', 'Held jobs', 'School checks', 'Users', 'Audit log']);
    expect(tab('Reports')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Reports')).toHaveAttribute('tabindex', '0');
    expect(tab('Held jobs')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Held jobs')).toHaveAttribute('tabindex', '-1');

    const panel = screen.getByRole('tabpanel', { name: 'Reports' });
    expect(tab('Reports')).toHaveAttribute('aria-controls', panel.id);
    expect(await within(panel).findByRole('heading', { level: 2, name: 'Open reports (1)' })).toBeInTheDocument();
    expect(within(panel).getByRole('article', { name: 'Kindergarten Teacher' })).toBeInTheDocument();
    // Only the open tab's list is asked for.
    expect(requests.map((r) => r.url)).toEqual(['/api/operator/me', '/api/operator/reports']);
  });

  it('moves between tabs with the arrow keys, Home and End, and keeps the open tab in the address', async () => {
    const requests = mockServer(operatorServer);
    const { user } = renderOperatorPage();
    await screen.findByRole('heading', { level: 1, name: 'Operator console' });

    await user.tab();
    expect(tab('Reports')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Held jobs')).toHaveFocus();
    expect(tab('Held jobs')).toHaveAttribute('aria-selected', 'true');
    expect(address()).toHaveTextContent('/operator?tab=held-jobs');
    const held = screen.getByRole('tabpanel', { name: 'Held jobs' });
    expect(await within(held).findByRole('heading', { level: 2, name: 'Jobs under review (1)' })).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(tab('Audit log')).toHaveFocus();
    expect(address()).toHaveTextContent('/operator?tab=audit-log');
    expect(await screen.findByText('No operator has acted yet.')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tab('Reports')).toHaveFocus();
    expect(address()).toHaveTextContent(/^\/operator$/);

    await user.keyboard('{ArrowLeft}');
    expect(tab('Audit log')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Reports')).toHaveFocus();

    // Tab leaves the tab list for the open panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Reports' })).toHaveFocus();
    expect(requests.map((r) => r.url)).toContain('/api/operator/jobs/held');
  });

  it('opens the tab the address names, and a click opens another', async () => {
    mockServer(operatorServer);
    const { user } = renderOperatorPage(`${OPERATOR_PATH}?tab=users`);

    expect(await screen.findByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('search', { name: 'Find accounts' })).toBeInTheDocument();
    await user.click(tab('School checks'));
    expect(await screen.findByText('No registration check is waiting.')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/operator?tab=school-checks');
  });

  it('opens the report queue for an address naming no tab it knows', async () => {
    mockServer(operatorServer);
    renderOperatorPage(`${OPERATOR_PATH}?tab=secrets`);
    expect(await screen.findByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  });
});
