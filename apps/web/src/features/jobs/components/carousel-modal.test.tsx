import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { publishedJob } from '../../../testing/published-job';
import { JobPostingView } from './job-posting-view';

const job = { ...publishedJob, images: ['/media/photo-2.webp', '/media/photo-3.webp'] };

function renderPosting() {
  queryClient.setQueryData(currentUserQueryKey, null);
  mockServer(() => jsonResponse(200, { message: 'ok' }));
  return renderWithProviders(<JobPostingView job={job} />);
}

describe('the posting’s photos (the modal dialog opened from the header image)', () => {
  // Some twenty steps of user-event: longer than the default 5 s on a busy machine.
  it(
    'moves with the arrow keys and the buttons, keeps Tab inside, and closes with Escape',
    { timeout: 20_000 },
    async () => {
      const { user } = renderPosting();
      const opener = screen.getByRole('button', { name: 'View photos (3)' });
      await user.click(opener);

      const dialog = screen.getByRole('dialog', { name: 'Sakura English photos' });
      // The shared modal dialog, not a dialog of its own.
      expect(dialog).toHaveClass('modal', 'carousel');
      expect(within(dialog).getByText('Photo 1 of 3')).toBeInTheDocument();
      expect(within(dialog).getByRole('img', { name: 'Sakura English, photo 1 of 3' })).toHaveAttribute(
        'src',
        '/media/header.webp',
      );
      await user.keyboard('{ArrowRight}');
      expect(within(dialog).getByText('Photo 2 of 3')).toBeInTheDocument();
      await user.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(within(dialog).getByRole('img', { name: 'Sakura English, photo 3 of 3' })).toHaveAttribute(
        'src',
        '/media/photo-3.webp',
      );
      await user.click(within(dialog).getByRole('button', { name: /Next photo/ }));
      expect(within(dialog).getByText('Photo 1 of 3')).toBeInTheDocument();

      for (let i = 0; i < 5; i++) {
        await user.tab();
        expect(dialog).toContainElement(document.activeElement as HTMLElement);
      }

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
    },
  );

  it('gives the focus back to the header image even when the click did not focus it', () => {
    renderPosting();
    const opener = screen.getByRole('button', { name: 'View photos (3)' });
    // A click that leaves the focus where it was, as Safari's does and as a click the page held
    // until the app ran (app/early-input.ts) does.
    fireEvent.click(opener);
    expect(opener).not.toHaveFocus();

    const dialog = screen.getByRole('dialog', { name: 'Sakura English photos' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
