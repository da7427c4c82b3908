// What a job posted under a school shows of it (BEYOND §8): "Recruiter" on its tile and posting, and
// on the posting a link to the school's page and the mark of a registration check.
import type { Job } from '@teacheast/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { publishedJob } from '../../../testing/published-job';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { JobPostingView } from '../../jobs/components/job-posting-view';
import { JobTile } from '../../jobs/components/job-tile';

const underSchool: Job = {
  ...publishedJob,
  school: { slug: 'sakura-english', name: 'Sakura English School', kind: 'language_centre', verified: true },
};
const byRecruiter: Job = {
  ...publishedJob,
  companyName: 'Fuji Recruiting',
  school: { slug: 'fuji-recruiting', name: 'Fuji Recruiting', kind: 'recruiter', verified: false },
};

describe("a job's school", () => {
  beforeEach(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
    mockServer(() => jsonResponse(200, { message: 'Counted' }));
  });

  it("on the posting: links the school's page and shows its registration check", () => {
    renderWithProviders(<JobPostingView job={underSchool} />);
    const posting = screen.getByRole('article', { name: /Sakura English/ });
    const line = within(posting).getByText(/^Posted by/);
    expect(within(line).getByRole('link', { name: 'Sakura English School' })).toHaveAttribute(
      'href',
      '/schools/sakura-english',
    );
    expect(line).toHaveTextContent('Registration checked');
    expect(within(posting).queryByText('Recruiter')).toBeNull();
  });

  it('on a recruiter’s posting and tile: "Recruiter", and no mark without a check', () => {
    renderWithProviders(
      <>
        <JobPostingView job={byRecruiter} />
        <JobTile job={byRecruiter} />
      </>,
    );
    const [posting, tile] = screen.getAllByRole('article');
    const line = within(posting!).getByText(/^Posted by/);
    expect(within(line).getByText('Recruiter')).toHaveClass('recruiter-label');
    expect(line).not.toHaveTextContent(/registration|verified/i);
    expect(within(tile!).getByText('Recruiter')).toBeInTheDocument();
  });

  it('in the wizard’s preview: the school named, not linked; and nothing for a job without a school', () => {
    renderWithProviders(
      <>
        <JobPostingView job={underSchool} interactive={false} />
        <JobTile job={publishedJob} />
      </>,
    );
    const [preview, tile] = screen.getAllByRole('article');
    expect(within(preview!).getByText(/^Posted by/)).toHaveTextContent('Posted by Sakura English School');
    expect(within(preview!).queryByRole('link', { name: 'Sakura English School' })).toBeNull();
    expect(tile).not.toHaveTextContent('Recruiter');
  });
});
