import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { AccountDataSection } from './account-data-section';

const currentUser = {
  uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f',
  email: 'teacher@example.com',
  subscriptionId: null,
};

function renderOnAccountPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/account" element={<AccountDataSection />} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { route: '/account' },
  );
}

describe('AccountDataSection', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, currentUser);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the export with the session token as teacheast-data.json', async () => {
    const exported = { account: { uuid: currentUser.uuid, email: currentUser.email }, jobs: [] };
    const requests = mockServer(() => jsonResponse(200, exported));
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      files.push(file as Blob);
      return 'blob:teacheast-export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const { user } = renderOnAccountPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(requests[0]).toMatchObject({ url: '/api/account/export', method: 'GET' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(clicked[0]?.download).toBe('teacheast-data.json');
    expect(clicked[0]?.href).toBe('blob:teacheast-export');
    expect(files[0]?.type).toBe('application/json');
    expect(JSON.parse(await files[0]!.text())).toEqual(exported);
  });

  it('warns clearly and asks for the current password before deleting anything', async () => {
    const requests = mockServer(() => jsonResponse(500, {}));
    const { user } = renderOnAccountPage();
    const form = screen.getByRole('form', { name: 'Delete my account' });
    expect(form).toHaveAccessibleDescription(/cannot be undone/);

    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(fieldError(password)).toBe('Required'));
    expect(requests).toHaveLength(0);
  });

  it('shows a wrong password under the field and keeps the session', async () => {
    const requests = mockServer(() =>
      jsonResponse(403, {
        error: true,
        message: 'The password is not right.',
        fields: { password: 'The password is not right.' },
      }),
    );
    const { user } = renderOnAccountPage();
    const password = screen.getByLabelText('Current password');
    await user.type(password, 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(fieldError(password)).toBe('The password is not right.'));
    expect(password).toHaveFocus();
    expect(requests[0]).toMatchObject({ url: '/api/account', method: 'DELETE' });
    expect(requests[0]?.body).toEqual({ password: 'not-my-password' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-123');
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(currentUser);
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Delete my account' })).toBeInTheDocument();
  });

  it('deletes the account, says so, ends the session and goes home', async () => {
    const requests = mockServer(() => jsonResponse(200, { message: 'Your account and its data have been deleted.' }));
    const { user } = renderOnAccountPage();
    await user.type(screen.getByLabelText('Current password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    // The account page is gone: the router is on the home page, and the toast says what happened.
    await screen.findByRole('heading', { name: 'Home page' });
    expect(screen.queryByRole('heading', { name: 'Your data' })).not.toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('Your account and its data have been deleted.');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/account', method: 'DELETE' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(requests[0]?.body).toEqual({ password: 'secret1' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
  });
});
