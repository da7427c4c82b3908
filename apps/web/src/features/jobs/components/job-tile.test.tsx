import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publishedJob } from '../../../testing/published-job';
import { JobTile } from './job-tile';

const imageOf = (eager: boolean, thumbnail: string | null = null) => {
  const { container } = render(
    <MemoryRouter>
      <JobTile job={{ ...publishedJob, thumbnail }} eager={eager} />
    </MemoryRouter>,
  );
  return container.querySelector('img')!.getAttribute('src')!;
};

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
});
