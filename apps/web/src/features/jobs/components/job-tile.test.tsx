import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publishedJob } from '../../../testing/published-job';
import { JobTile, type JobTileProps } from './job-tile';

// The sheet's fields a tile carries (BEYOND §6): none here, so each test says what it shows.
const tile: JobTileProps['job'] = { ...publishedJob, salary: null, badges: [] };

function renderTile(job: JobTileProps['job'] = tile, eager = false) {
  return render(
    <MemoryRouter>
      <JobTile job={job} eager={eager} />
    </MemoryRouter>,
  );
}

const imageOf = (eager: boolean, thumbnail: string | null = null) => {
  const { container } = renderTile({ ...tile, thumbnail }, eager);
  return container.querySelector('img')!.getAttribute('src')!;
};

/** What the tile's Pay row says. */
const payText = () => screen.getByText('Pay').nextElementSibling?.textContent;

describe('JobTile', () => {
  it("writes the country's picture into the first tiles only; the others name its file", () => {
    // In view at once: painted without waiting for a request.
    expect(imageOf(true)).toMatch(/^data:image\/svg\+xml,/);
    // Every other tile names the one file, fetched once, instead of carrying the picture again.
    const file = imageOf(false);
    expect(file).not.toMatch(/^data:/);
    expect(file).toContain('/japan');
    expect(imageOf(false)).toBe(file);
    // A job's own photo, whichever the tile.
    expect(imageOf(true, '/media/img/tile.webp')).toBe('/media/img/tile.webp');
  });

  it("shows the sheet's salary range in its currency, with thousands separators", () => {
    renderTile({ ...tile, salary: { currency: 'KRW', min: 2_300_000, max: 2_700_000, period: 'month' } });
    expect(payText()).toBe('KRW 2,300,000–2,700,000 a month');
  });

  it('shows just the lowest amount without a top of the range', () => {
    renderTile({ ...tile, salary: { currency: 'USD', min: 25, max: null, period: 'hour' } });
    expect(payText()).toBe('USD 25 an hour');
  });

  it('shows the pay notes without a sheet, and no badges', () => {
    renderTile();
    expect(payText()).toBe('¥280,000/month');
    expect(screen.queryByRole('list', { name: 'The school gives' })).not.toBeInTheDocument();
  });

  it('names each badge in words', () => {
    renderTile({ ...tile, badges: ['housing', 'flights', 'visa'] });
    const badges = within(screen.getByRole('list', { name: 'The school gives' })).getAllByRole('listitem');
    expect(badges.map((badge) => badge.textContent)).toEqual(['Housing', 'Flights', 'Visa']);
  });

  it('shows what the teacher’s answers say of the job, when the page has it', () => {
    render(
      <MemoryRouter>
        <JobTile job={tile} eligibility={<p>You qualify</p>} />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('article')).getByText('You qualify')).toBeInTheDocument();
  });
});
