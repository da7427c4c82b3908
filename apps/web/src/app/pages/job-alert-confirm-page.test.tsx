import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../testing/render';
import { JobAlertConfirmPage } from './job-alert-confirm-page';

const TOKEN = 'kq3V9x-token_from-the-mail';

// StrictMode runs the page's effects twice, as in development: nothing may go out until the button.
function renderConfirmPage() {
  queryClient.setQueryData(currentUserQueryKey, null);
  return renderWithProviders(
    <Routes>
      <Route path="/job-alerts/confirm/:token" element={<JobAlertConfirmPage />} />
    </Routes>,
    { route: paths.jobAlertConfirmation(TOKEN), isStrict: true },
  );
}

/** A short wait for a request that must not come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('JobAlertConfirmPage', () => {
  it('posts nothing on load: a link scanner opening the mail’s link starts no alert', async () => {
    const requests = mockServer(() => jsonResponse(500, { error: true, message: 'must not be called' }));
    renderConfirmPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Start your job alert' })).toBeInTheDocument();
    expect(screen.getByText(/Press the button to start the job alert you asked for/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm this alert' })).toBeEnabled();
    await settle();
    expect(requests).toHaveLength(0);
  });

  it('posts the token once when the button is pressed and says the alert is on, with a link to its search', async () => {
    const requests = mockServer(() =>
      jsonResponse(200, {
        alert: {
          id: '0b6f3a52-8d7e-4c1a-9f2b-3c4d5e6f7a8b',
          country: 'vietnam',
          city: 'Hanoi',
          ageGroup: 'Adults',
          q: 'business English',
          filters: {},
          frequency: 'weekly',
          active: true,
          createdAt: '2026-06-03T10:00:00.000Z',
        },
      }),
    );
    renderConfirmPage();
    await settle();
    expect(requests).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm this alert' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your job alert is on' })).toBeInTheDocument();
    expect(document.title).toBe('Your job alert is on | TeachEast');
    expect(screen.getByText('New jobs like these will reach you every week:')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: '“business English” jobs in Hanoi, Vietnam, teaching adults' }),
    ).toHaveAttribute('href', '/jobs?country=vietnam&city=Hanoi&ageGroup=Adults&q=business+English');
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/job-alerts/confirm', method: 'POST', body: { token: TOKEN } });
  });

  it('shows the server’s message and a way home when the link is bad or used', async () => {
    const requests = mockServer(() =>
      jsonResponse(404, { error: true, message: 'This link has expired or has already been used.' }),
    );
    renderConfirmPage();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm this alert' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or has already been used.');
    expect(screen.getByRole('heading', { level: 1, name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Your job alert is on/)).not.toBeInTheDocument();
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/job-alerts/confirm', method: 'POST', body: { token: TOKEN } });
  });
});
