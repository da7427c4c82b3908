// Runs before every web test file: the DOM matchers (toBeInTheDocument, toHaveTextContent, ...; this
// import also gives tsc their types), and a clean DOM, cache, toasts and storage for each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../lib/query-client';
import { dismissToast, getToasts } from '../lib/toast';

afterEach(() => {
  cleanup();
  queryClient.clear();
  for (const toast of getToasts()) dismissToast(toast.id);
  // Server-render tests run without a document (`@vitest-environment node`): no storage to clear.
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// jsdom has <dialog> but not its modal methods: open and close it as a browser would, without the
// inert page around it (ui/modal-dialog.tsx handles Escape and Tab itself).
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true;
    },
    close(this: HTMLDialogElement) {
      this.open = false;
      this.dispatchEvent(new Event('close'));
    },
  });
}
