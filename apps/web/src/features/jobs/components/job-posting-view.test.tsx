// The posting's parts of trust and safety (BEYOND §9): "TeachEast never asks teachers for money" on
// every posting, the report action on live ones only, and a job held for review or taken down shown as
// such, with no way to reach the school or apply.
import type { Job } from '@teacheast/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { publishedJob } from '../../../testing/published-job';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { JobPostingView } from './job-posting-view';

const SAFETY_LINE = 'TeachEast never asks teachers for money.';
const withContact: Job = { ...publishedJob, phone: '+81 3 1234 5678', link: 'https://sakura.example/jobs' };
/** Held for review: closed (the server moves its publication back), the owner's answer still has the contact details. */
const underReview: Job = { ...withContact, status: 'expired', underReview: true };
/** Taken down by an operator: closed (its publication moved back), the contact details emptied for a visitor. */
const takenDown: Job = { ...publishedJob, status: 'expired', takenDown: true, email: '', phone: '', link: '' };
const TAKEN_DOWN_NOTICE = 'This job was taken down by TeachEast and no longer takes applications.';

const apply = <button type="button">Apply</button>;
const report = <button type="button">Report this job</button>;

function details() {
  return screen.getByRole('complementary', { name: 'Job details' });
}

describe('a posting’s trust and safety', () => {
  beforeEach(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
    mockServer(() => jsonResponse(200, { message: 'Counted' }));
  });

  it('says that TeachEast never asks teachers for money, next to the way to apply, with a link to /safety', () => {
    renderWithProviders(<JobPostingView job={publishedJob} applyAction={apply} reportAction={report} />);
    const line = within(details()).getByText(SAFETY_LINE, { exact: false });
    expect(line).toHaveTextContent(`${SAFETY_LINE} How to spot a job scam`);
    expect(within(line).getByRole('link', { name: 'How to spot a job scam' })).toHaveAttribute('href', '/safety');
    // Right after Apply and Save, before the facts.
    const applyButton = within(details()).getByRole('button', { name: 'Apply' });
    expect(applyButton.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(line.nextElementSibling?.tagName).toBe('DL');
  });

  it('says it on a closed posting, a held one and the wizard’s preview too (there as text)', () => {
    const { unmount } = renderWithProviders(<JobPostingView job={{ ...publishedJob, status: 'expired' }} />);
    expect(screen.getByRole('link', { name: 'How to spot a job scam' })).toHaveAttribute('href', '/safety');
    unmount();
    const held = renderWithProviders(<JobPostingView job={underReview} />);
    expect(screen.getByText(SAFETY_LINE, { exact: false })).toBeInTheDocument();
    held.unmount();
    renderWithProviders(<JobPostingView job={publishedJob} interactive={false} />);
    expect(screen.getByText(SAFETY_LINE, { exact: false })).toHaveTextContent('How to spot a job scam');
    expect(screen.queryByRole('link', { name: 'How to spot a job scam' })).toBeNull();
  });

  it('offers "Report this job" on a live posting only', () => {
    const { unmount } = renderWithProviders(<JobPostingView job={publishedJob} reportAction={report} />);
    expect(within(details()).getByRole('button', { name: 'Report this job' })).toBeInTheDocument();
    unmount();
    for (const job of [{ ...publishedJob, status: 'expired' as const }, underReview]) {
      const closed = renderWithProviders(<JobPostingView job={job} reportAction={report} />);
      expect(screen.queryByRole('button', { name: 'Report this job' })).toBeNull();
      closed.unmount();
    }
    renderWithProviders(<JobPostingView job={publishedJob} interactive={false} reportAction={report} />);
    expect(screen.queryByRole('button', { name: 'Report this job' })).toBeNull();
  });

  it('shows a held job as under review instead of closed, without contact details or Apply', () => {
    renderWithProviders(<JobPostingView job={underReview} applyAction={apply} reportAction={report} />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(
      'Under review. Teachers reported this job and TeachEast is looking at it. It is not taking applications.',
    );
    expect(screen.queryByText(/This job is closed/)).toBeNull();
    const aside = details();
    for (const contact of ['E-mail', 'Phone', 'Website']) expect(within(aside).queryByText(contact)).toBeNull();
    expect(aside).not.toHaveTextContent('hr@sakura.example');
    expect(aside).not.toHaveTextContent('sakura.example/jobs');
    expect(screen.queryByRole('link', { name: /hr@sakura\.example/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    // What it was: still readable for those who saved it.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kindergarten Teacher');
  });

  it('says a job TeachEast took down was taken down, not that it is 45 days old, without the contact details the server emptied', () => {
    const { unmount } = renderWithProviders(
      <JobPostingView job={takenDown} applyAction={apply} reportAction={report} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(TAKEN_DOWN_NOTICE);
    expect(screen.queryByText(/This job is closed/)).toBeNull();
    expect(screen.queryByText(/45 days/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report this job' })).toBeNull();
    expect(within(details()).queryByText('E-mail')).toBeNull();
    // What it was: still readable for those who saved it.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kindergarten Teacher');
    unmount();
    // The control: a posting past its lifetime is closed for its age.
    renderWithProviders(<JobPostingView job={{ ...publishedJob, status: 'expired' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'This job is closed. It was posted more than 45 days ago and no longer takes applications.',
    );
    expect(screen.queryByText(/taken down/)).toBeNull();
  });

  it('shows a job both held and taken down as under review only', () => {
    renderWithProviders(<JobPostingView job={{ ...underReview, takenDown: true }} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Under review\./);
    expect(screen.queryByText(/taken down/)).toBeNull();
    expect(screen.queryByText(/This job is closed/)).toBeNull();
  });

  it('keeps the contact details of an ordinary live posting', () => {
    renderWithProviders(<JobPostingView job={withContact} />);
    const aside = details();
    expect(within(aside).getByRole('link', { name: 'hr@sakura.example' })).toHaveAttribute(
      'href',
      'mailto:hr@sakura.example',
    );
    expect(within(aside).getByText('Phone')).toBeInTheDocument();
    expect(within(aside).getByText('Website')).toBeInTheDocument();
    expect(screen.queryByText(/Under review/)).toBeNull();
  });
});
