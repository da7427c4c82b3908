import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../ui/toaster';
import { AppRoutes } from './router';
import { SessionGate } from './session-gate';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionGate>
          <AppRoutes />
        </SessionGate>
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
