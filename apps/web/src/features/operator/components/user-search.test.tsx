import type { OperatorUser } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { dayText } from '../console-words';
import { UserSearch } from './user-search';

const OPERATOR_EMAIL = 'anna.operator@teacheast.example';

const ann: OperatorUser = {
  uuid: '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
  email: 'ann@example.com',
  createdAt: '2026-10-01T09:00:00.000Z',
  confirmed: true,
  operator: false,
  suspendedAt: null,
  jobs: 3,
};
const annie: OperatorUser = {
  ...ann,
  uuid: '8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1f',
  email: 'annie@example.com',
  confirmed: false,
  jobs: 0,
  suspendedAt: '2026-11-01T09:00:00.000Z',
};
const operator: OperatorUser = {
  ...ann,
  uuid: '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a',
  email: OPERATOR_EMAIL,
  operator: true,
};

/** The server's side: accounts by the start of their address; a suspended one says since when. */
function usersServer() {
  const accounts = new Map([ann, annie, operator].map((u) => [u.uuid, u]));
  return mockServer((request: RecordedRequest) => {
    const url = new URL(request.url, 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/api/operator/users') {
      const prefix = url.searchParams.get('email') ?? '';
      return jsonResponse(200, { users: [...accounts.values()].filter((u) => u.email.startsWith(prefix)) });
    }
    const suspended = /^\/api\/operator\/users\/([^/]+)\/suspend$/.exec(url.pathname);
    if (request.method === 'POST' && suspended) {
      const user = { ...accounts.get(suspended[1]!)!, suspendedAt: '2026-11-22T10:00:00.000Z' };
      accounts.set(user.uuid, user);
      return jsonResponse(200, { user });
    }
    return jsonResponse(500, { error: true, message: `Unexpected ${request.method} ${request.url}` });
  });
}

const searchField = () => screen.getByRole('textbox', { name: 'E-mail address starts with' });
const rowOf = (email: string) => screen.getByRole('rowheader', { name: email }).closest('tr')!;

describe('UserSearch', () => {
  it('asks for the start of an address before searching', async () => {
    const requests = usersServer();
    const { user } = renderWithProviders(<UserSearch operatorEmail={OPERATOR_EMAIL} />);
    expect(screen.getByRole('search', { name: 'Find accounts' })).toBeInTheDocument();
    await user.type(searchField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Find accounts' }));

    expect(searchField()).toHaveAttribute('aria-invalid', 'true');
    expect(searchField()).toHaveAccessibleDescription(/Required/);
    expect(searchField()).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('finds accounts by the start of their address and shows each one’s facts', async () => {
    const requests = usersServer();
    const { user } = renderWithProviders(<UserSearch operatorEmail={OPERATOR_EMAIL} />);
    await user.type(searchField(), ' ann{Enter}');

    const table = await screen.findByRole('table', { name: 'Accounts whose address starts with “ann” (3)' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/operator/users?email=ann']);
    expect(screen.getByRole('region', { name: 'Accounts whose address starts with “ann” (3)' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['E-mail address', 'Joined', 'Address confirmed', 'Role', 'Jobs', 'Status', 'Action']);
    expect(
      within(rowOf('ann@example.com'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([dayText(ann.createdAt), 'Yes', 'Member', '3', 'Active', 'Suspend account: ann@example.com']);
    expect(
      within(rowOf('annie@example.com'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([dayText(annie.createdAt), 'No', 'Member', '0', `Suspended ${dayText(annie.suspendedAt!)}`, '']);
    // The operator's own account: no way to suspend it from here.
    expect(within(rowOf(OPERATOR_EMAIL)).getByRole('cell', { name: 'You' })).toBeInTheDocument();
    expect(within(rowOf(OPERATOR_EMAIL)).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when no address starts with the text', async () => {
    usersServer();
    const { user } = renderWithProviders(<UserSearch operatorEmail={OPERATOR_EMAIL} />);
    await user.type(searchField(), 'zed{Enter}');
    expect(await screen.findByText('No account’s address starts with “zed”.')).toBeInTheDocument();
  });

  it('asks before suspending, and suspends with the note once confirmed', async () => {
    const requests = usersServer();
    const { user } = renderWithProviders(<UserSearch operatorEmail={OPERATOR_EMAIL} />);
    await user.type(searchField(), 'ann{Enter}');
    await screen.findByRole('table');
    const suspendButton = within(rowOf('ann@example.com')).getByRole('button', {
      name: 'Suspend account: ann@example.com',
    });

    await user.click(suspendButton);
    let dialog = screen.getByRole('dialog', { name: 'Suspend ann@example.com?' });
    expect(dialog).toHaveTextContent('The account is logged out on every device');
    const note = within(dialog).getByRole('textbox', { name: 'Note for the audit log (optional)' });
    expect(note).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(suspendButton).toHaveFocus();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(suspendButton);
    dialog = screen.getByRole('dialog', { name: 'Suspend ann@example.com?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Sent scam messages');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account: ann@example.com' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'ann@example.com is suspended: logged out everywhere, and can no longer log in.',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ url: `/api/operator/users/${ann.uuid}/suspend`, body: { note: 'Sent scam messages' } }),
    ]);
    const row = rowOf('ann@example.com');
    expect(row).toHaveTextContent(`Suspended ${dayText('2026-11-22T10:00:00.000Z')}`);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Accounts whose address starts with/ })).toHaveFocus();
  });

  it('keeps the dialog open with the server’s message when suspending fails', async () => {
    const requests = mockServer((request) =>
      request.method === 'GET'
        ? jsonResponse(200, { users: [ann] })
        : jsonResponse(400, { error: true, message: 'You cannot suspend your own account.' }),
    );
    const { user } = renderWithProviders(<UserSearch operatorEmail={OPERATOR_EMAIL} />);
    await user.type(searchField(), 'ann{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Suspend account: ann@example.com' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account: ann@example.com' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot suspend your own account.');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
