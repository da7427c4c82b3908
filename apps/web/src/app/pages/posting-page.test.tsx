// The posting page's trust and safety (BEYOND §9): a live posting offers "Report this job", which loads
// its dialog when pressed; a job held for review says "Under review", takes no applications, shows no
// contact details, and its head keeps it out of search engines.
import { apiPathOf, type Job } from '@teacheast/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { PUBLISHED_JOB_UUID, publishedJob } from '../../testing/published-job';
import { jsonResponse, mockServer, renderWithProviders } from '../../testing/render';
import { pageHeadAt } from '../page-heads';
import { PostingPage } from './posting-page';

const heldJob: Job = { ...publishedJob, status: 'expired', underReview: true, email: '', phone: '', link: '' };

function renderPosting(job: Job) {
  mockServer((request) =>
    request.url === apiPathOf({ kind: 'posting', uuid: PUBLISHED_JOB_UUID })
      ? jsonResponse(200, { job })
      : jsonResponse(404, { error: true, message: 'Not found' }),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/posting/:uuid" element={<PostingPage />} />
    </Routes>,
    { route: paths.posting(PUBLISHED_JOB_UUID) },
  );
}

describe('the posting page', () => {
  beforeEach(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
    // The page opens at the top; jsdom has no scrolling.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('offers a visitor "Report this job" beside the safety line, and opens the report form', async () => {
    const { user } = renderPosting(publishedJob);
    const aside = await screen.findByRole('complementary', { name: 'Job details' });
    expect(within(aside).getByRole('link', { name: 'Log in to apply' })).toBeInTheDocument();
    expect(aside).toHaveTextContent('TeachEast never asks teachers for money.');
    await user.click(within(aside).getByRole('button', { name: 'Report this job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this job' });
    expect(dialog).toHaveTextContent('Tell TeachEast what is wrong with Kindergarten Teacher at Sakura English.');
  });

  it('shows a held job as under review: no Apply, no report, no contact details', async () => {
    renderPosting(heldJob);
    expect(await screen.findByText('Under review.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Teachers reported this job and TeachEast is looking at it. It is not taking applications.',
    );
    const aside = screen.getByRole('complementary', { name: 'Job details' });
    expect(within(aside).queryByRole('link', { name: 'Log in to apply' })).toBeNull();
    expect(within(aside).queryByRole('button', { name: 'Report this job' })).toBeNull();
    expect(within(aside).queryByText('E-mail')).toBeNull();
    expect(aside).toHaveTextContent('TeachEast never asks teachers for money.');
  });

  it('keeps a held job out of search engines, whatever its status says', () => {
    const path = paths.posting(PUBLISHED_JOB_UUID);
    const answerPath = apiPathOf({ kind: 'posting', uuid: PUBLISHED_JOB_UUID });
    const live = pageHeadAt(path, { [answerPath]: { job: publishedJob } });
    expect(live.noindex).toBe(false);
    expect(live.job).not.toBeNull();
    for (const job of [heldJob, { ...publishedJob, underReview: true }]) {
      const head = pageHeadAt(path, { [answerPath]: { job } });
      expect(head.noindex).toBe(true);
      expect(head.job).toBeNull();
    }
  });
});
