import type { OperatorJob } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { momentText } from '../console-words';
import { HeldJobs } from './held-jobs';

const held: OperatorJob = {
  uuid: '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d',
  title: 'Kindergarten Teacher',
  companyName: 'Golden Visa English',
  country: 'vietnam',
  city: 'Hanoi',
  ownerEmail: 'boss@golden.example',
  state: 'held',
  heldAt: '2026-11-20T08:00:00.000Z',
};
const alsoHeld: OperatorJob = {
  ...held,
  uuid: '4e7b2f3c-8d5a-4b9f-8c2e-3f4a5b6c7d8e',
  title: 'Summer Camp Teacher',
  companyName: 'Sunny Camps',
  country: 'thailand',
  city: 'Bangkok',
  heldAt: '2026-11-21T08:00:00.000Z',
};

/** The server's side: a released job leaves the list of held jobs. */
function heldServer() {
  let jobs = [held, alsoHeld];
  return mockServer((request: RecordedRequest) => {
    if (request.method === 'GET' && request.url === '/api/operator/jobs/held') return jsonResponse(200, { jobs });
    const released = /^\/api\/operator\/jobs\/([^/]+)\/release$/.exec(request.url);
    if (request.method === 'POST' && released) {
      const job = jobs.find((j) => j.uuid === released[1])!;
      jobs = jobs.filter((j) => j !== job);
      return jsonResponse(200, { job: { ...job, state: 'live', heldAt: null } });
    }
    return jsonResponse(500, { error: true, message: `Unexpected ${request.method} ${request.url}` });
  });
}

describe('HeldJobs', () => {
  it('lists the jobs under review, longest held first, each linked to its posting', async () => {
    heldServer();
    renderWithProviders(<HeldJobs />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Jobs under review (2)' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Kindergarten Teacher',
      'Summer Camp Teacher',
    ]);
    const first = cards[0]!;
    expect(within(first).getByRole('link', { name: 'Kindergarten Teacher' })).toHaveAttribute(
      'href',
      `/posting/${held.uuid}`,
    );
    expect(first).toHaveTextContent('Golden Visa English, Hanoi, Vietnam.');
    expect(first).toHaveTextContent(`Held since${momentText(held.heldAt!)}`);
    expect(first).toHaveTextContent('Job ownerboss@golden.example');
    expect(within(first).getByRole('button', { name: 'Release job: Kindergarten Teacher' })).toBeVisible();
  });

  it('says so when no job is held', async () => {
    mockServer(() => jsonResponse(200, { jobs: [] }));
    renderWithProviders(<HeldJobs />);
    expect(await screen.findByText('No job is under review.')).toBeInTheDocument();
  });

  it('releases a job with the note, tells so, and lists the others', async () => {
    const requests = heldServer();
    const { user } = renderWithProviders(<HeldJobs />);
    await screen.findByRole('heading', { name: 'Jobs under review (2)' });
    const card = screen.getAllByRole('article')[1]!;
    await user.type(
      within(card).getByRole('textbox', { name: 'Note for the audit log (optional)' }),
      'Real camp, checked',
    );
    await user.click(within(card).getByRole('button', { name: 'Release job: Summer Camp Teacher' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('“Summer Camp Teacher” is released and back in search.'),
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({
        url: `/api/operator/jobs/${alsoHeld.uuid}/release`,
        body: { note: 'Real camp, checked' },
      }),
    ]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Jobs under review (1)');
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
  });

  it('shows the server’s refusal in an error toast', async () => {
    mockServer((request) =>
      request.method === 'GET'
        ? jsonResponse(200, { jobs: [held] })
        : jsonResponse(404, { error: true, message: 'No job under review has this id.' }),
    );
    const { user } = renderWithProviders(<HeldJobs />);
    await user.click(await screen.findByRole('button', { name: 'Release job: Kindergarten Teacher' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No job under review has this id.');
  });
});
