import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { JobAlertOffer } from './job-alert-offer';

const member = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };
const hanoiSearch = { country: 'vietnam', city: 'Hanoi', ageGroup: 'Adults', q: 'business English' } as const;

function savedAlert(fields: Record<string, unknown>) {
  return {
    alert: {
      id: '0b6f3a52-8d7e-4c1a-9f2b-3c4d5e6f7a8b',
      country: 'vietnam',
      city: '',
      ageGroup: '',
      q: '',
      filters: {},
      frequency: 'daily',
      active: false,
      createdAt: '2026-06-03T10:00:00.000Z',
      ...fields,
    },
  };
}

function logInAsMember() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
  queryClient.setQueryData(currentUserQueryKey, member);
}

function logOut() {
  queryClient.setQueryData(currentUserQueryKey, null);
}

/** Presses the offer's button and waits for the form, whose code arrives when it is pressed. */
async function openForm(user: ReturnType<typeof renderWithProviders>['user']) {
  const toggle = screen.getByRole('button', { name: 'Email me jobs like these' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = await screen.findByRole('form', { name: 'Get new jobs like these by e-mail' });
  expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(form);
  return { toggle, form };
}

describe('JobAlertOffer', () => {
  it('shows only the button until it is pressed, then the form with the search in words and the focus', async () => {
    logOut();
    const requests = mockServer(() => jsonResponse(500, {}));
    const { user } = renderWithProviders(<JobAlertOffer search={hanoiSearch} />);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get new jobs like these by e-mail' })).not.toBeInTheDocument();

    const { form } = await openForm(user);
    expect(screen.getByRole('heading', { name: 'Get new jobs like these by e-mail' })).toHaveFocus();
    expect(form).toHaveAccessibleDescription(
      'New jobs for: “business English” jobs in Hanoi, Vietnam, teaching adults',
    );
    expect(within(form).getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Weekly' })).not.toBeChecked();
    expect(requests).toHaveLength(0);
  });

  it('saves a member’s alert for the search and frequency without an address, says so, and closes', async () => {
    logInAsMember();
    const requests = mockServer(() =>
      jsonResponse(201, savedAlert({ ...hanoiSearch, frequency: 'weekly', active: true })),
    );
    const { user } = renderWithProviders(<JobAlertOffer search={hanoiSearch} />);
    const { toggle, form } = await openForm(user);
    expect(within(form).queryByLabelText('Email')).not.toBeInTheDocument();
    expect(form).toHaveTextContent('The e-mails go to teacher@example.com.');

    await user.click(within(form).getByRole('radio', { name: 'Weekly' }));
    await user.click(within(form).getByRole('button', { name: 'Save alert' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Job alert saved: new jobs like these will reach teacher@example.com every week.',
      ),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/job-alerts', method: 'POST' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(requests[0]?.body).toEqual({
      country: 'vietnam',
      city: 'Hanoi',
      ageGroup: 'Adults',
      q: 'business English',
      frequency: 'weekly',
    });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('says and sends the search’s contract-sheet filters under the API’s names', async () => {
    logInAsMember();
    const seoulSearch = {
      country: 'south-korea',
      city: 'Seoul',
      minPay: '2000000',
      housing: '1',
      visa: '1',
      maxTeachingHours: '25',
      noSaturdays: '1',
    } as const;
    const requests = mockServer(() =>
      jsonResponse(
        201,
        savedAlert({
          country: 'south-korea',
          city: 'Seoul',
          filters: { minPay: 2000000, housing: '1', visa: '1', maxTeachingHours: 25, noSaturdays: '1' },
          active: true,
        }),
      ),
    );
    const { user } = renderWithProviders(<JobAlertOffer search={seoulSearch} />);
    const { form } = await openForm(user);
    expect(form).toHaveAccessibleDescription(
      'New jobs for: Teaching jobs in Seoul, South Korea, with housing, visa sponsored, no Saturdays, ' +
        'at most 25 teaching hours a week, at least 2,000,000 KRW a month',
    );

    await user.click(within(form).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({
      country: 'south-korea',
      city: 'Seoul',
      minPay: 2000000,
      housing: '1',
      visa: '1',
      maxTeachingHours: 25,
      noSaturdays: '1',
      frequency: 'daily',
    });
  });

  it('asks a visitor for an address, sends it with the search, and tells them to open the mail', async () => {
    logOut();
    const requests = mockServer(() => jsonResponse(201, savedAlert({ country: 'japan' })));
    const { user } = renderWithProviders(<JobAlertOffer search={{ country: 'japan' }} />);
    const { form } = await openForm(user);
    expect(form).toHaveAccessibleDescription('New jobs for: Teaching jobs in Japan');
    const email = within(form).getByLabelText('Email');

    await user.click(within(form).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(fieldError(email)).toBe('Required'));
    expect(requests).toHaveLength(0);

    await user.type(email, 'Teacher@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Save alert' }));

    const sent = await screen.findByText(
      'Check your inbox: open the link we sent to teacher@example.com to start your alert.',
    );
    expect(sent).toHaveAttribute('role', 'status');
    expect(sent).toHaveFocus();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/job-alerts', method: 'POST' });
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(requests[0]?.body).toEqual({ country: 'japan', frequency: 'daily', email: 'teacher@example.com' });
    // No toast: the message in the panel is the answer.
    expect(screen.getAllByRole('status')).toEqual([sent]);
  });

  it('shows the server’s field errors on their fields', async () => {
    logOut();
    const requests = mockServer(() =>
      jsonResponse(400, {
        error: true,
        message: 'email: This address cannot receive mail',
        errorType: 'VALIDATION',
        fields: { email: 'This address cannot receive mail' },
      }),
    );
    const { user } = renderWithProviders(<JobAlertOffer search={hanoiSearch} />);
    const { form } = await openForm(user);
    const email = within(form).getByLabelText('Email');
    await user.type(email, 'teacher@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save alert' }));

    await waitFor(() => expect(fieldError(email)).toBe('This address cannot receive mail'));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Get new jobs like these by e-mail' })).toBeInTheDocument();
    expect(screen.queryByText(/Check your inbox/)).not.toBeInTheDocument();
  });

  it('shows any other refusal’s message in the form and keeps it open', async () => {
    logInAsMember();
    mockServer(() => jsonResponse(400, { error: true, message: 'You can have at most 20 job alerts' }));
    const { user } = renderWithProviders(<JobAlertOffer search={hanoiSearch} />);
    const { form } = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Save alert' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('You can have at most 20 job alerts');
    expect(screen.queryByText(/Job alert saved/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me jobs like these' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on Cancel and on Escape, giving the focus back to the button', async () => {
    logOut();
    const { user } = renderWithProviders(<JobAlertOffer search={hanoiSearch} />);
    const { toggle, form } = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await openForm(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });
});
