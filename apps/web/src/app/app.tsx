import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@teacheast/shared';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/query-client';
import { getAppRouter } from './router';
import { SessionGate } from './session-gate';

export function App() {
  // Created before the session is known, so the current page's code loads while the user does.
  const router = getAppRouter();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
      <Toaster position="top-center" duration={TOAST_DURATION_MS} closeButton />
    </QueryClientProvider>
  );
}
