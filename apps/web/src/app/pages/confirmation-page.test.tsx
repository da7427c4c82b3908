import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { currentUserQueryKey, queryClient } from '../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../testing/render';
import { ConfirmationPage } from './confirmation-page';

const TOKEN = 'Zr8-confirmation_token-from-the-mail';

// StrictMode runs the page's effects twice, as in development: nothing may go out until the button.
function renderConfirmationPage() {
  queryClient.setQueryData(currentUserQueryKey, null);
  return renderWithProviders(
    <Routes>
      <Route path="/confirmation/:token" element={<ConfirmationPage />} />
      <Route path="/login" element={<h1>Log in page</h1>} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { route: paths.confirmation(TOKEN), isStrict: true },
  );
}

/** A short wait for a request that must not come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('ConfirmationPage', () => {
  it('posts nothing on load: a link scanner opening the mail’s link confirms no account', async () => {
    const requests = mockServer(() => jsonResponse(500, { error: true, message: 'must not be called' }));
    renderConfirmationPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(document.title).toBe('Confirm your e-mail | TeachEast');
    expect(screen.getByText(/Press the button to confirm this e-mail address/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm my e-mail' })).toBeEnabled();
    await settle();
    expect(requests).toHaveLength(0);
  });

  it('posts the token once when the button is pressed, then shows the message on the log-in page', async () => {
    const requests = mockServer(() =>
      jsonResponse(200, { error: false, message: 'Your account is confirmed. You can log in now.' }),
    );
    renderConfirmationPage();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my e-mail' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in page' })).toBeInTheDocument();
    expect(await screen.findByText('Your account is confirmed. You can log in now.')).toBeInTheDocument();
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/confirmation/', method: 'POST', body: { token: TOKEN } });
  });

  it('shows the server’s message and goes home when the link is bad or used', async () => {
    const requests = mockServer(() =>
      jsonResponse(400, { error: true, message: 'This confirmation link is not valid or has expired.' }),
    );
    renderConfirmationPage();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my e-mail' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    expect(await screen.findByText('This confirmation link is not valid or has expired.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});
