import type { PendingVerification } from '@teacheast/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderWithProviders, type RecordedRequest } from '../../../testing/render';
import { momentText } from '../console-words';
import { SchoolChecks } from './school-checks';

const sakura: PendingVerification = {
  id: '5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c',
  school: { slug: 'sakura-english', name: 'Sakura English', country: 'japan', city: 'Tokyo' },
  registrationNumber: '7000012050002',
  requestedAt: '2026-11-18T07:15:00.000Z',
};
const harbour: PendingVerification = {
  id: '6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d',
  school: { slug: 'harbour-lights', name: 'Harbour Lights Academy', country: 'south-korea', city: 'Busan' },
  registrationNumber: '1018116293',
  requestedAt: '2026-11-19T07:15:00.000Z',
};

/** The server's side: a decided check leaves the list. */
function checksServer() {
  let waiting = [sakura, harbour];
  return mockServer((request: RecordedRequest) => {
    if (request.method === 'GET' && request.url === '/api/operator/verifications') {
      return jsonResponse(200, { verifications: waiting });
    }
    const decided = /^\/api\/operator\/verifications\/([^/]+)\/(approve|reject)$/.exec(request.url);
    if (request.method === 'POST' && decided) {
      waiting = waiting.filter((v) => v.id !== decided[1]);
      return jsonResponse(200, {
        id: decided[1],
        status: decided[2] === 'approve' ? 'approved' : 'rejected',
        checkedAt: '2026-11-22T10:00:00.000Z',
      });
    }
    return jsonResponse(500, { error: true, message: `Unexpected ${request.method} ${request.url}` });
  });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('SchoolChecks', () => {
  it('lists the checks waiting with the school’s page, its number and when it was asked for', async () => {
    checksServer();
    renderWithProviders(<SchoolChecks />);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Registration checks waiting (2)' }),
    ).toBeInTheDocument();
    const sakuraCard = card('Sakura English');
    expect(within(sakuraCard).getByRole('link', { name: 'Sakura English' })).toHaveAttribute(
      'href',
      '/schools/sakura-english',
    );
    expect(sakuraCard).toHaveTextContent('Tokyo, Japan.');
    expect(sakuraCard).toHaveTextContent('Registration number7000012050002');
    expect(sakuraCard).toHaveTextContent(`Asked for${momentText(sakura.requestedAt)}`);
    expect(card('Harbour Lights Academy')).toHaveTextContent('Busan, South Korea.');
  });

  it('approves a check with the note', async () => {
    const requests = checksServer();
    const { user } = renderWithProviders(<SchoolChecks />);
    const sakuraCard = await screen.findByRole('article', { name: 'Sakura English' });
    await user.type(within(sakuraCard).getByRole('textbox', { name: /Note/ }), 'Found in the register');
    await user.click(within(sakuraCard).getByRole('button', { name: 'Approve check: Sakura English' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Registration of Sakura English approved.'),
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({
        url: `/api/operator/verifications/${sakura.id}/approve`,
        body: { note: 'Found in the register' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sakura English' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Registration checks waiting (1)');
  });

  it('rejects a check, with or without a note', async () => {
    const requests = checksServer();
    const { user } = renderWithProviders(<SchoolChecks />);
    const harbourCard = await screen.findByRole('article', { name: 'Harbour Lights Academy' });
    await user.click(within(harbourCard).getByRole('button', { name: 'Reject check: Harbour Lights Academy' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Registration of Harbour Lights Academy rejected.'),
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ url: `/api/operator/verifications/${harbour.id}/reject`, body: { note: '' } }),
    ]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
  });

  it('says so when no check is waiting', async () => {
    mockServer(() => jsonResponse(200, { verifications: [] }));
    renderWithProviders(<SchoolChecks />);
    expect(await screen.findByText('No registration check is waiting.')).toBeInTheDocument();
  });
});
