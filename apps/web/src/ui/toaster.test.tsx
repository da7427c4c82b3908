import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS } from '@teacheast/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
import { Toaster } from './toaster';

describe('Toaster', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces a success politely and an error assertively', () => {
    render(<Toaster />);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();

    act(() => {
      toast.success('Job details saved.');
      toast.error('Payment did not go through.');
    });

    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Job details saved.');
    expect(screen.getByRole('alert').textContent).toBe('Payment did not go through.');
  });

  it('closes by itself after 5 seconds, but not while the pointer is on it', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Saved to your account');
    });
    const message = screen.getByRole('status');

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    });
    fireEvent.mouseEnter(message.closest('li')!);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('status')).toBeTruthy();

    fireEvent.mouseLeave(message.closest('li')!);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('has a close button that keyboard users can reach', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.error('Something went wrong. Please try again.');
    });
    await user.tab();
    const close = screen.getByRole('button', { name: 'Close notification' });
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps only the three newest toasts', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.success(`Message ${n}`);
    });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Message 2', 'Message 3', 'Message 4']);
  });
});
