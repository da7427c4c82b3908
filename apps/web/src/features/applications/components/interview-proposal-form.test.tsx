import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldError, jsonResponse, renderWithProviders } from '../../../testing/render';
import {
  APPLICATION_ID,
  applicationDetail,
  conversationServer,
  logInAs,
  seoulInterview,
} from './conversation.fixtures';
import { InterviewProposalForm } from './interview-proposal-form';

const DAY = 86_400_000;

/** The calendar day `days` from now on the clocks of `timeZone`, as Intl reads it. */
function dayIn(timeZone: string, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now() + days * DAY);
}

/** Intl's offset of `timeZone` at that wall time's moment: "+09:00", "-05:00". */
function offsetIn(timeZone: string, day: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(Date.parse(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

function renderForm() {
  const onProposed = vi.fn();
  const onCancel = vi.fn();
  const result = renderWithProviders(
    <InterviewProposalForm
      applicationId={APPLICATION_ID}
      teacherName="Jane Doe"
      onProposed={onProposed}
      onCancel={onCancel}
    />,
  );
  return { ...result, onProposed, onCancel };
}

const slot = (n: number) => screen.getByRole('group', { name: `Time ${n}` });

async function fillSlot(
  user: UserEvent,
  n: number,
  values: { date: string; time: string; length?: string; how?: string; where?: string },
) {
  const group = slot(n);
  await user.type(within(group).getByLabelText('Date'), values.date);
  await user.type(within(group).getByLabelText('Start time'), values.time);
  if (values.length) await user.selectOptions(within(group).getByLabelText('Length'), values.length);
  if (values.how) await user.selectOptions(within(group).getByLabelText('Kind of interview'), values.how);
  if (values.where) await user.type(within(group).getByLabelText('Where, or how to join (optional)'), values.where);
}

describe('InterviewProposalForm', () => {
  beforeEach(() => logInAs('school'));
  afterEach(() => vi.unstubAllEnvs());

  it("starts in the browser's time zone and sends each time with that zone's offset", async () => {
    vi.stubEnv('TZ', 'America/New_York');
    const requests = conversationServer({ detail: applicationDetail({ as: 'school' }) }, (request) =>
      request.method === 'POST' ? jsonResponse(201, { interview: seoulInterview }) : undefined,
    );
    const { user, onProposed } = renderForm();
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveValue('America/New_York');
    // The form opens with the keyboard in its first field.
    await waitFor(() => expect(zone).toHaveFocus());

    const day = dayIn('America/New_York', 10);
    await fillSlot(user, 1, { date: day, time: '09:30' });
    await user.click(screen.getByRole('button', { name: 'Send the times' }));

    await waitFor(() => expect(onProposed).toHaveBeenCalledWith(seoulInterview));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      url: `/api/applications/${APPLICATION_ID}/interviews`,
      body: {
        timeZone: 'America/New_York',
        slots: [{ startsAt: `${day}T09:30:00${offsetIn('America/New_York', day)}`, minutes: 30, mode: 'video' }],
      },
    });
  });

  it('sends up to five times in the zone the school names, each with its length, way and place', async () => {
    const requests = conversationServer({ detail: applicationDetail({ as: 'school' }) }, (request) =>
      request.method === 'POST' ? jsonResponse(201, { interview: seoulInterview }) : undefined,
    );
    const { user, onProposed } = renderForm();
    const zone = screen.getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Asia/Seoul');
    const first = dayIn('Asia/Seoul', 7);
    const second = dayIn('Asia/Seoul', 8);
    await fillSlot(user, 1, { date: first, time: '11:00', length: '45', how: 'Phone call' });
    await user.click(screen.getByRole('button', { name: 'Add another time' }));
    // The new time's first field takes the focus.
    expect(within(slot(2)).getByLabelText('Date')).toHaveFocus();
    await fillSlot(user, 2, { date: second, time: '14:30', how: 'In person', where: '12 Haeundae-ro, Busan' });
    for (let n = 3; n <= 5; n++) await user.click(screen.getByRole('button', { name: 'Add another time' }));
    expect(screen.queryByRole('button', { name: 'Add another time' })).not.toBeInTheDocument();
    // Three blank times are taken out again; the keyboard goes on at "Add another time".
    for (const n of [5, 4, 3]) await user.click(screen.getByRole('button', { name: `Remove time ${n}` }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add another time' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Send the times' }));

    await waitFor(() => expect(onProposed).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'POST')[0]?.body).toEqual({
      timeZone: 'Asia/Seoul',
      slots: [
        { startsAt: `${first}T11:00:00+09:00`, minutes: 45, mode: 'phone' },
        { startsAt: `${second}T14:30:00+09:00`, minutes: 30, mode: 'in_person', where: '12 Haeundae-ro, Busan' },
      ],
    });
  }, 15_000);

  it('refuses a missing date or time, an unknown zone, a time past, one too far ahead and two that overlap', async () => {
    const requests = conversationServer({ detail: applicationDetail({ as: 'school' }) });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send the times' }));
    expect(fieldError(within(slot(1)).getByLabelText('Date'))).toBe('Choose a date');
    expect(fieldError(within(slot(1)).getByLabelText('Start time'))).toBe('Choose a start time');
    // The first field in error takes the focus.
    expect(within(slot(1)).getByLabelText('Date')).toHaveFocus();

    const zone = screen.getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await fillSlot(user, 1, { date: dayIn('Asia/Seoul', -2), time: '11:00' });
    await user.click(screen.getByRole('button', { name: 'Add another time' }));
    await fillSlot(user, 2, { date: dayIn('Asia/Seoul', 75), time: '11:00' });
    await user.click(screen.getByRole('button', { name: 'Send the times' }));
    expect(fieldError(zone)).toBe('“Mars/Olympus” is not a time zone: write one such as Asia/Seoul');

    await user.clear(zone);
    await user.type(zone, 'Asia/Seoul');
    await user.click(screen.getByRole('button', { name: 'Send the times' }));
    await waitFor(() => expect(fieldError(zone)).toBeNull());
    expect(fieldError(within(slot(1)).getByLabelText('Start time'))).toBe('This time has passed');
    expect(fieldError(within(slot(2)).getByLabelText('Start time'))).toBe('No more than 60 days ahead');

    // Two times of one proposal that overlap: 11:00 for 45 minutes and 11:30.
    const day = dayIn('Asia/Seoul', 5);
    for (const n of [1, 2]) {
      await user.clear(within(slot(n)).getByLabelText('Date'));
      await user.type(within(slot(n)).getByLabelText('Date'), day);
    }
    await user.selectOptions(within(slot(1)).getByLabelText('Length'), '45');
    await user.clear(within(slot(2)).getByLabelText('Start time'));
    await user.type(within(slot(2)).getByLabelText('Start time'), '11:30');
    await user.click(screen.getByRole('button', { name: 'Send the times' }));
    await waitFor(() => expect(fieldError(within(slot(1)).getByLabelText('Start time'))).toBeNull());
    expect(fieldError(within(slot(2)).getByLabelText('Start time'))).toBe('This time overlaps another');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  }, 15_000);

  it("puts the server's refusal of a time on that time", async () => {
    conversationServer({ detail: applicationDetail({ as: 'school' }) }, (request) =>
      request.method === 'POST'
        ? jsonResponse(400, {
            error: true,
            message: 'slots.1.startsAt: This time overlaps another',
            errorType: 'VALIDATION',
            fields: { 'slots.1.startsAt': 'This time overlaps another' },
          })
        : undefined,
    );
    const { user, onProposed } = renderForm();
    const zone = screen.getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Asia/Seoul');
    await fillSlot(user, 1, { date: dayIn('Asia/Seoul', 3), time: '09:00' });
    await user.click(screen.getByRole('button', { name: 'Add another time' }));
    await fillSlot(user, 2, { date: dayIn('Asia/Seoul', 4), time: '09:00' });
    await user.click(screen.getByRole('button', { name: 'Send the times' }));

    await waitFor(() =>
      expect(fieldError(within(slot(2)).getByLabelText('Start time'))).toBe('This time overlaps another'),
    );
    expect(fieldError(within(slot(1)).getByLabelText('Start time'))).toBeNull();
    expect(onProposed).not.toHaveBeenCalled();
  });

  it('Cancel closes the form without sending', async () => {
    const requests = conversationServer({ detail: applicationDetail({ as: 'school' }) });
    const { user, onCancel } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(0);
  });
});
