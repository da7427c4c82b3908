import type { OperatorReport } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { dayText, momentText } from '../console-words';
import { ReportQueue } from './report-queue';

const heldJob = {
  uuid: '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d',
  title: 'Kindergarten Teacher',
  companyName: 'Golden Visa English',
  country: 'vietnam',
  city: 'Hanoi',
  ownerEmail: 'boss@golden.example',
  state: 'held',
  heldAt: '2026-11-20T08:00:00.000Z',
} as const;
const liveJob = {
  ...heldJob,
  uuid: '4e7b2f3c-8d5a-4b9f-8c2e-3f4a5b6c7d8e',
  title: 'Evening Conversation Teacher',
  companyName: 'Bright Lights',
  country: 'japan',
  city: 'Tokyo',
  ownerEmail: null,
  state: 'live',
  heldAt: null,
} as const;

const moneyReport: OperatorReport = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  reason: 'asks_for_money',
  details: 'They asked me for a 500 USD visa fee.\nBefore the interview.',
  createdAt: '2026-11-19T10:30:00.000Z',
  reporterEmail: 'ann@example.com',
  job: heldJob,
  openReportsOfJob: 2,
};
const contactReport: OperatorReport = {
  ...moneyReport,
  id: '1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e',
  reason: 'suspicious_contact',
  details: 'Only a messenger ID to apply.',
  createdAt: '2026-11-19T11:00:00.000Z',
  reporterEmail: 'bob@example.com',
};
const filledReport: OperatorReport = {
  id: '2c3d4e5f-6a7b-4c8d-8e9f-0a1b2c3d4e5f',
  reason: 'filled',
  details: 'The school told me it is filled.',
  createdAt: '2026-11-21T09:00:00.000Z',
  reporterEmail: null,
  job: liveJob,
  openReportsOfJob: 1,
};

/** The server's side: resolving closes one report (dismiss) or every report of its job (remove). */
function queueServer({ failWith }: { failWith?: { status: number; message: string } } = {}) {
  let open = [moneyReport, contactReport, filledReport];
  const requests = mockServer((request: RecordedRequest) => {
    if (request.method === 'GET' && request.url === '/api/operator/reports') {
      return jsonResponse(200, {
        reports: open.map((r) => ({ ...r, openReportsOfJob: open.filter((o) => o.job.uuid === r.job.uuid).length })),
      });
    }
    const resolved = /^\/api\/operator\/reports\/([^/]+)\/resolve$/.exec(request.url);
    if (request.method === 'POST' && resolved) {
      if (failWith) return jsonResponse(failWith.status, { error: true, message: failWith.message });
      const report = open.find((r) => r.id === resolved[1])!;
      const { action } = request.body as { action: 'dismiss' | 'remove' };
      open = open.filter((r) => (action === 'remove' ? r.job.uuid !== report.job.uuid : r.id !== report.id));
      return jsonResponse(200, {
        id: report.id,
        status: action === 'remove' ? 'removed' : 'dismissed',
        resolvedAt: '2026-11-22T10:00:00.000Z',
      });
    }
    return jsonResponse(500, { error: true, message: `Unexpected ${request.method} ${request.url}` });
  });
  return requests;
}

const reportCard = (id: string) => screen.getAllByRole('article').find((a) => a.querySelector(`#report-${id}`))!;
const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

describe('ReportQueue', () => {
  it('lists the open reports with their job, reason, reporter, dates and words', async () => {
    queueServer();
    renderWithProviders(<ReportQueue />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Open reports (3)' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Kindergarten Teacher',
      'Kindergarten Teacher',
      'Evening Conversation Teacher',
    ]);
    const first = cards[0]!;
    expect(within(first).getByRole('link', { name: 'Kindergarten Teacher' })).toHaveAttribute(
      'href',
      `/posting/${heldJob.uuid}`,
    );
    expect(first).toHaveTextContent(
      `Golden Visa English, Hanoi, Vietnam. Under review since ${dayText(heldJob.heldAt)}.`,
    );
    expect(first).toHaveTextContent('ReasonAsks teachers for money');
    expect(first).toHaveTextContent(`Reported${momentText(moneyReport.createdAt)}`);
    expect(within(first).getByText(momentText(moneyReport.createdAt))).toHaveAttribute(
      'datetime',
      moneyReport.createdAt,
    );
    expect(first).toHaveTextContent('Byann@example.com');
    expect(first).toHaveTextContent('Job ownerboss@golden.example');
    expect(first).toHaveTextContent('Open reports of this job2');
    expect(within(first).getByText(/visa fee/).textContent).toBe(moneyReport.details);
    expect(within(first).getByRole('textbox', { name: 'Note for the audit log (optional)' })).toHaveValue('');

    const third = cards[2]!;
    expect(third).toHaveTextContent('Bright Lights, Tokyo, Japan. Live.');
    expect(third).toHaveTextContent('BySomeone without an account');
    expect(third).toHaveTextContent('Job ownerNo account');
    expect(within(third).getByRole('button', { name: 'Dismiss report on Evening Conversation Teacher' })).toBeVisible();
    expect(within(third).getByRole('button', { name: 'Remove job: Evening Conversation Teacher' })).toBeVisible();
  });

  it('says so when no report is open', async () => {
    mockServer(() => jsonResponse(200, { reports: [] }));
    renderWithProviders(<ReportQueue />);
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Open reports (0)' })).toBeInTheDocument();
  });

  it('dismisses one report with the note, tells so, and lists the rest', async () => {
    const requests = queueServer();
    const { user } = renderWithProviders(<ReportQueue />);
    await screen.findByRole('heading', { name: 'Open reports (3)' });
    const card = reportCard(filledReport.id);
    await user.type(within(card).getByRole('textbox', { name: /Note/ }), 'Asked the school: still open');
    await user.click(within(card).getByRole('button', { name: 'Dismiss report on Evening Conversation Teacher' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Report on “Evening Conversation Teacher” dismissed.'),
    );
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: `/api/operator/reports/${filledReport.id}/resolve`,
        body: { action: 'dismiss', note: 'Asked the school: still open' },
      }),
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Open reports (2)'));
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
    // The queue on screen is asked for again, not changed by guesswork.
    expect(requests.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([
      '/api/operator/reports',
      '/api/operator/reports',
    ]);
  });

  it('asks before removing a job, sends nothing when cancelled, and removes it with the note once confirmed', async () => {
    const requests = queueServer();
    const { user } = renderWithProviders(<ReportQueue />);
    await screen.findByRole('heading', { name: 'Open reports (3)' });
    const card = reportCard(moneyReport.id);
    await user.type(within(card).getByRole('textbox', { name: /Note/ }), 'Visa fee: a scam');
    const removeButton = within(card).getByRole('button', { name: 'Remove job: Kindergarten Teacher' });

    // Cancelled: nothing is sent, and the focus goes back to the button.
    await user.click(removeButton);
    let dialog = screen.getByRole('dialog', { name: 'Remove “Kindergarten Teacher”?' });
    expect(dialog).toHaveTextContent('The job by Golden Visa English is taken down for good');
    expect(dialog).toHaveTextContent('Its owner, its applicants and the teachers who saved it get an e-mail.');
    expect(dialog).toHaveTextContent('This report and the 1 other open report of the job are closed.');
    expect(dialog).toHaveTextContent('Your note: Visa fee: a scam');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(removeButton).toHaveFocus();
    expect(posts(requests)).toEqual([]);

    // Escape closes it too, by the keyboard alone.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Remove “Kindergarten Teacher”?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(requests)).toEqual([]);

    await user.click(removeButton);
    dialog = screen.getByRole('dialog', { name: 'Remove “Kindergarten Teacher”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove job: Kindergarten Teacher' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '“Kindergarten Teacher” is removed. Its owner, applicants and savers are told by e-mail.',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        url: `/api/operator/reports/${moneyReport.id}/resolve`,
        body: { action: 'remove', note: 'Visa fee: a scam' },
      }),
    ]);
    // Both reports of the job are gone; the focus waits on the list's heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Open reports (1)'));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
  });

  it('keeps the dialog open with the server’s message when the removal fails', async () => {
    const requests = queueServer({ failWith: { status: 404, message: 'No open report has this id.' } });
    const { user } = renderWithProviders(<ReportQueue />);
    await screen.findByRole('heading', { name: 'Open reports (3)' });
    await user.click(within(reportCard(filledReport.id)).getByRole('button', { name: /^Remove job/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove job: Evening Conversation Teacher' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No open report has this id.');
    expect(posts(requests)).toHaveLength(1);
    expect(dialog).toBeInTheDocument();
  });

  it('refuses a note the server would refuse, before sending anything', async () => {
    const requests = queueServer();
    const { user } = renderWithProviders(<ReportQueue />);
    await screen.findByRole('heading', { name: 'Open reports (3)' });
    const card = reportCard(filledReport.id);
    const note = within(card).getByRole('textbox', { name: /Note/ });
    await user.click(note);
    await user.paste('x'.repeat(1_001));
    await user.click(within(card).getByRole('button', { name: /^Remove job/ }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(card).toHaveTextContent('No more than 1000 characters');
    expect(posts(requests)).toEqual([]);
  });

  it('shows a failed dismissal in an error toast', async () => {
    queueServer({ failWith: { status: 500, message: 'Something went wrong. Please try again.' } });
    const { user } = renderWithProviders(<ReportQueue />);
    await screen.findByRole('heading', { name: 'Open reports (3)' });
    await user.click(within(reportCard(filledReport.id)).getByRole('button', { name: /^Dismiss report/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});
