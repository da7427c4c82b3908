import type { CompareAnswer, Job, JobTile } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobKeys } from '../../features/jobs/api';
import { comparePath } from '../../features/jobs/compare-api';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { publishedJob } from '../../testing/published-job';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../testing/render';
import { ComparePage } from './compare-page';

const tokyo: Job = { ...publishedJob, salary: null, badges: [], terms: null };
const osaka: Job = {
  ...tokyo,
  uuid: '1a2b3c4d-0000-4000-8000-000000000002',
  companyName: 'Osaka Lingo',
  city: 'Osaka',
};
const GONE = '1a2b3c4d-0000-4000-8000-000000000003';

function renderComparePage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/compare" element={<ComparePage />} />
    </Routes>,
    { route },
  );
}

const answering = (answer: CompareAnswer) => (request: RecordedRequest) =>
  request.url.startsWith('/api/compare')
    ? jsonResponse(200, answer)
    : jsonResponse(404, { error: true, message: 'No' });

describe('ComparePage', () => {
  beforeEach(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
  });

  it('asks for the jobs in the order of the address and shows them side by side, those gone listed apart', async () => {
    const requests = mockServer(answering({ jobs: [osaka, tokyo], missing: [GONE] }));
    renderComparePage(comparePath([osaka.uuid, GONE, tokyo.uuid]));

    expect(
      await screen.findByRole('table', { name: 'Pay and conditions of 2 jobs, side by side' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Compare jobs' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Compare jobs | TeachEast'));
    expect(requests.map((r) => r.url)).toEqual([`/api/compare?ids=${osaka.uuid},${GONE},${tokyo.uuid}`]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Kindergarten Teacher Osaka Lingo',
      'Kindergarten Teacher Sakura English',
    ]);

    const gone = screen.getByRole('region', { name: 'No longer available' });
    const item = within(gone).getByRole('listitem');
    expect(item).toHaveTextContent('Job 2 of the 3 you chose: no longer available');
    expect(within(item).getByRole('link')).toHaveAttribute('href', `/posting/${GONE}`);
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('names a job gone by the saved jobs it was chosen from', async () => {
    const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };
    queryClient.setQueryData(currentUserQueryKey, member);
    const savedTile: JobTile = { ...osaka, uuid: GONE, title: 'Art Teacher', companyName: 'Kyoto Kids' };
    queryClient.setQueryData(jobKeys.saved(member.uuid), [savedTile]);
    mockServer(answering({ jobs: [tokyo], missing: [GONE] }));
    renderComparePage(comparePath([tokyo.uuid, GONE]));

    const gone = await screen.findByRole('region', { name: 'No longer available' });
    expect(within(gone).getByRole('listitem')).toHaveTextContent('Art Teacher, Kyoto Kids: no longer available');
    expect(
      screen.getByText('Only one of these jobs is available: choose another to compare it with.'),
    ).toBeInTheDocument();
  });

  it('without ids, says how to choose jobs and links to the saved jobs, asking nothing', () => {
    const requests = mockServer(answering({ jobs: [], missing: [] }));
    renderComparePage('/compare');
    expect(screen.getByRole('heading', { level: 1, name: 'Compare jobs' })).toBeInTheDocument();
    expect(screen.getByText(/Choose 2 to 4 of your saved jobs/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your saved jobs' })).toHaveAttribute('href', '/account#saved-jobs');
    expect(requests).toHaveLength(0);
  });

  it('says so when the address asks for more jobs than can be compared', async () => {
    mockServer(() =>
      jsonResponse(400, { error: true, message: 'ids: Compare at most 4 jobs', errorType: 'VALIDATION' }),
    );
    const ids = [1, 2, 3, 4, 5].map((n) => `1a2b3c4d-0000-4000-8000-00000000001${n}`);
    renderComparePage(comparePath(ids));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can compare at most 4 jobs at a time.');
    expect(screen.getByRole('link', { name: 'Choose jobs from your saved jobs' })).toBeInTheDocument();
  });

  it('says so when none of the jobs is available any more', async () => {
    mockServer(answering({ jobs: [], missing: [GONE] }));
    renderComparePage(comparePath([GONE]));
    expect(await screen.findByText(/None of these jobs is available any more/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
