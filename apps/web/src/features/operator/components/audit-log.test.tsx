import type { AuditEntry } from '@teacheast/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { momentText } from '../console-words';
import { AuditLog } from './audit-log';

const JOB_UUID = '3d6a1e2b-7c4f-4a8e-9b1d-2e3f4a5b6c7d';
const USER_UUID = '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';

const entries: AuditEntry[] = [
  {
    id: 'a1',
    at: '2026-11-22T10:00:00.000Z',
    actor: 'anna.operator@teacheast.example',
    action: 'report.remove',
    subjectKind: 'job',
    subjectId: JOB_UUID,
    note: 'Visa fee: a scam',
  },
  {
    id: 'a2',
    at: '2026-11-21T09:00:00.000Z',
    actor: 'anna.operator@teacheast.example',
    action: 'user.suspend',
    subjectKind: 'user',
    subjectId: USER_UUID,
    note: null,
  },
  {
    id: 'a3',
    at: '2026-11-20T08:00:00.000Z',
    actor: 'admin command',
    action: 'operator.add',
    subjectKind: 'user',
    subjectId: USER_UUID,
    note: null,
  },
  {
    id: 'a4',
    at: '2026-11-19T08:00:00.000Z',
    actor: 'admin command',
    action: 'something.new',
    subjectKind: 'coupon',
    subjectId: 'c-1',
    note: null,
  },
];

describe('AuditLog', () => {
  it('shows every entry, newest first, with who, what, on what, when and the note', async () => {
    const requests = mockServer(() => jsonResponse(200, { entries }));
    renderWithProviders(<AuditLog />);

    const table = await screen.findByRole('table', { name: 'Operator actions, newest first (4)' });
    expect(requests.map((r) => r.url)).toEqual(['/api/operator/audit']);
    expect(screen.getByRole('heading', { level: 2, name: 'Audit log' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'What', 'On what', 'Note']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        momentText(entries[0]!.at),
        'anna.operator@teacheast.example',
        'Removed a job after a report',
        `Job ${JOB_UUID}`,
        'Visa fee: a scam',
      ],
      [
        momentText(entries[1]!.at),
        'anna.operator@teacheast.example',
        'Suspended an account',
        `Account ${USER_UUID}`,
        '',
      ],
      [momentText(entries[2]!.at), 'admin command', 'Made an account an operator', `Account ${USER_UUID}`, ''],
      // An action or a subject the console does not know yet shows as the server wrote it.
      [momentText(entries[3]!.at), 'admin command', 'something.new', 'coupon c-1', ''],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: `Job ${JOB_UUID}` })).toHaveAttribute(
      'href',
      `/posting/${JOB_UUID}`,
    );
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText(momentText(entries[0]!.at))).toHaveAttribute('datetime', entries[0]!.at);
  });

  it('says so when no operator has acted yet', async () => {
    mockServer(() => jsonResponse(200, { entries: [] }));
    renderWithProviders(<AuditLog />);
    expect(await screen.findByText('No operator has acted yet.')).toBeInTheDocument();
  });

  it('shows the server’s message when the log cannot be read (the operator role taken away meanwhile)', async () => {
    mockServer(() => jsonResponse(404, { error: true, message: 'Not found' }));
    renderWithProviders(<AuditLog />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });
});
