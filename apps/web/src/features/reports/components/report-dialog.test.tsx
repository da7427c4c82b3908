// "Report this job" (BEYOND §9): the dialog loads when the button is pressed, checks the form with the
// server's schema, sends the report signed in or not, and says clearly why a report was refused.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { PUBLISHED_JOB_UUID } from '../../../testing/published-job';
import {
  fieldError,
  jsonResponse,
  mockServer,
  renderWithProviders,
  type RecordedRequest,
} from '../../../testing/render';
import { ReportJobButton } from './report-button';

const REPORTS_URL = `/api/jobs/${PUBLISHED_JOB_UUID}/reports`;
const THANKS = 'Thank you. TeachEast will look at this job.';

const created = {
  message: THANKS,
  report: {
    id: '5e0c3b9a-1d2e-4f3a-8b4c-5d6e7f8a9b0c',
    reason: 'asks_for_money',
    createdAt: '2026-06-03T10:00:00.000Z',
  },
};

function server(answer: (request: RecordedRequest) => Response) {
  return mockServer((request) => {
    if (request.url === REPORTS_URL && request.method === 'POST') return answer(request);
    return jsonResponse(404, { error: true, message: 'Not found' });
  });
}

async function openDialog() {
  const rendered = renderWithProviders(
    <ReportJobButton jobUuid={PUBLISHED_JOB_UUID} jobName="Kindergarten Teacher at Sakura English" />,
  );
  await rendered.user.click(screen.getByRole('button', { name: 'Report this job' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this job' });
  return { ...rendered, dialog };
}

async function fillIn(user: Awaited<ReturnType<typeof openDialog>>['user'], dialog: HTMLElement, details: string) {
  await user.click(within(dialog).getByRole('radio', { name: 'Asks teachers for money' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'What did you see?' }), details);
}

describe('the report dialog', () => {
  beforeEach(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
  });

  it('offers every reason of the contract as a radio, and the limits of the details', async () => {
    server(() => jsonResponse(201, created));
    const { dialog } = await openDialog();
    const reasons = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent?.trim()),
    ).toEqual([
      'Asks teachers for money',
      'Wrong or no work visa',
      'The terms differ from the ad',
      'The school is not real',
      'Discriminatory requirements',
      'Suspicious contact details',
      'The job is already filled',
      'Something else',
    ]);
    const details = within(dialog).getByRole('textbox', { name: 'What did you see?' });
    expect(details).toHaveAttribute('maxlength', '2000');
    expect(details).toHaveAccessibleDescription(/At least 10 characters.*0 of 2,000 characters/);
    expect(dialog).toHaveTextContent('Tell TeachEast what is wrong with Kindergarten Teacher at Sakura English.');
  });

  it('checks the form before sending: a reason is required, and details of 10 characters at least', async () => {
    const requests = server(() => jsonResponse(201, created));
    const { user, dialog } = await openDialog();
    const details = within(dialog).getByRole('textbox', { name: 'What did you see?' });

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const reasons = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(reasons).toHaveAccessibleDescription('Required');
    expect(fieldError(details)).toBe('Required');
    // The first field to correct takes the focus.
    expect(within(reasons).getByRole('radio', { name: 'Asks teachers for money' })).toHaveFocus();

    await user.click(within(dialog).getByRole('radio', { name: 'The school is not real' }));
    expect(reasons).not.toHaveAccessibleDescription('Required');
    await user.type(details, '   too short  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(fieldError(details)).toBe('Must be at least 10 characters');
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(details).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('sends the reason and the trimmed details without an account, then thanks and closes', async () => {
    const requests = server(() => jsonResponse(201, created));
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog, '  They asked for a $500 placement fee before the interview.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Report this job' })).toHaveFocus();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.body).toEqual({
      reason: 'asks_for_money',
      details: 'They asked for a $500 placement fee before the interview.',
    });
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('sends a signed-in member’s report with their session', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, {
      uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f',
      email: 'teacher@example.com',
      subscriptionId: null,
    });
    const requests = server(() => jsonResponse(201, created));
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog, 'The school asked me to pay a deposit.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('says so when the member has already reported the job, and stays open', async () => {
    server(() =>
      jsonResponse(409, {
        error: true,
        message: 'You have already reported this job; TeachEast is looking at it.',
        errorType: 'ALREADY_REPORTED',
      }),
    );
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog, 'They asked for a placement fee.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already reported this job; TeachEast is looking at it.',
    );
    expect(screen.getByRole('dialog', { name: 'Report this job' })).toBeInTheDocument();
    expect(screen.queryByText(THANKS)).toBeNull();
  });

  it('says so when an address has sent too many reports', async () => {
    server(() =>
      jsonResponse(
        429,
        { error: true, message: 'Too many reports. Please try again later.', errorType: 'RATE_LIMITED' },
        { 'Retry-After': '3600' },
      ),
    );
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog, 'They asked for a placement fee.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reports. Please try again later.');
  });

  it('puts the server’s field messages on the fields', async () => {
    server(() =>
      jsonResponse(400, {
        error: true,
        message: 'Please correct the highlighted fields.',
        errorType: 'VALIDATION',
        fields: { details: 'Contains a character that is not allowed' },
      }),
    );
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog, 'They asked for a placement fee.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const details = within(dialog).getByRole('textbox', { name: 'What did you see?' });
    await waitFor(() => expect(fieldError(details)).toBe('Contains a character that is not allowed'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('closes with Escape and hands the focus back to the button', async () => {
    server(() => jsonResponse(201, created));
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Report this job' })).toHaveFocus();
  });
});
