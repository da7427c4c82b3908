import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { ResumeViews } from './resume-views';

const teacher = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'teacher@example.com', subscriptionId: null };
const VIEWS_URL = `/api/post-resume/views/${teacher.uuid}`;

function serveViews(views: unknown[]) {
  return mockServer(({ url }) =>
    url === VIEWS_URL ? jsonResponse(200, { views }) : jsonResponse(404, { error: true, message: 'Not found' }),
  );
}

/** The day as this reader's browser words it. */
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

describe('ResumeViews', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, teacher);
  });

  it('lists who opened the resume, newest first, a school linking to its page, each with its day', async () => {
    const requests = serveViews([
      { viewer: { name: 'Harbour Lights Academy', school: 'harbour-lights' }, at: '2026-06-09T08:30:00.000Z' },
      { viewer: { name: 'recruit.example' }, at: '2026-06-02T17:00:00.000Z' },
    ]);
    renderWithProviders(<ResumeViews userUuid={teacher.uuid} />);

    expect(screen.getByRole('heading', { name: 'Who viewed my resume' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Who viewed my resume' });
    const [school, agency] = within(list).getAllByRole('listitem');
    expect(within(school!).getByRole('link', { name: 'Harbour Lights Academy' })).toHaveAttribute(
      'href',
      '/schools/harbour-lights',
    );
    expect(school).toHaveTextContent(day('2026-06-09T08:30:00.000Z'));
    expect(school!.querySelector('time')).toHaveAttribute('datetime', '2026-06-09T08:30:00.000Z');
    expect(agency).toHaveTextContent('recruit.example');
    expect(agency).toHaveTextContent(day('2026-06-02T17:00:00.000Z'));
    expect(within(agency!).queryByRole('link')).toBeNull();
    expect(requests.map((r) => r.url)).toEqual([VIEWS_URL]);
  });

  it('says so when no school has opened the resume', async () => {
    serveViews([]);
    renderWithProviders(<ResumeViews userUuid={teacher.uuid} />);
    expect(await screen.findByText('No school has opened your resume yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
