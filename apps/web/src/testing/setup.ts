// Runs before every web test file: a clean DOM, cache, toasts and storage for each test.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../lib/query-client';
import { dismissToast, getToasts } from '../lib/toast';

afterEach(() => {
  cleanup();
  queryClient.clear();
  for (const toast of getToasts()) dismissToast(toast.id);
  window.localStorage.clear();
  window.sessionStorage.clear();
});
