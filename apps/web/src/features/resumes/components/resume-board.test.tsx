import { MESSAGES, type ResumeTile } from '@teacheast/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { ResumeBoard } from './resume-board';

const USER = '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f';

const tile: ResumeTile = {
  uuid: '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d',
  name: 'Jane Doe',
  nationality: 'Canada',
  education: 'Bachelors',
  experience: '3',
  desiredCountry: 'Vietnam',
  desiredStartDate: 'September',
  desiredAgeGroup: 'Adults',
  profileImage: null,
  lastUpdatedAt: '2026-06-01T00:00:00.000Z',
};

describe('the resume board', () => {
  it('says there are no results when the filters match no resume', async () => {
    const requests = mockServer(() => jsonResponse(200, { results: [] }));
    renderWithProviders(<ResumeBoard userUuid={USER} />, { route: '/resume-board?nationality=Canada&page=1' });

    const empty = await screen.findByText('Sorry, there are no results for this criteria.');
    expect(empty).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(requests[0]?.url).toBe(`/api/resume-board/filter/${USER}?page=1&nationality=Canada`);
  });

  it('lists the resumes found, without the empty text', async () => {
    mockServer(() => jsonResponse(200, { results: [tile] }));
    renderWithProviders(<ResumeBoard userUuid={USER} />, { route: '/resume-board?page=1' });

    expect(await screen.findByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', `/resume/${tile.uuid}`);
    expect(screen.queryByText(MESSAGES.noResults)).not.toBeInTheDocument();
  });

  it('filters by the work permit a teacher can get, from the address and from its select', async () => {
    const requests = mockServer(() => jsonResponse(200, { results: [tile] }));
    const { user } = renderWithProviders(<ResumeBoard userUuid={USER} />, {
      route: '/resume-board?eligibleFor=KR-E2&page=1',
    });
    await screen.findByRole('link', { name: 'Jane Doe' });
    expect(requests[0]?.url).toBe(`/api/resume-board/filter/${USER}?page=1&eligibleFor=KR-E2`);
    const select = screen.getByRole('combobox', { name: 'Can get the work permit' });
    expect(select).toHaveValue('KR-E2');
    await user.selectOptions(select, 'CN-Z');
    await waitFor(() => expect(requests.at(-1)?.url).toBe(`/api/resume-board/filter/${USER}?page=1&eligibleFor=CN-Z`));
  });
});
