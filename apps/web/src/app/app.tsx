import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../ui/toaster';
import { AppRoutes } from './router';
import { SessionGate } from './session-gate';

/**
 * The whole app inside a router. The browser passes its BrowserRouter; the server's first render of
 * a landing page passes a StaticRouter and a query cache of its own (entry-server.tsx).
 */
export function AppTree({
  client,
  router: Router,
}: {
  client: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <Router>
        <SessionGate>
          <AppRoutes />
        </SessionGate>
      </Router>
      <Toaster />
    </QueryClientProvider>
  );
}

export function App() {
  return <AppTree client={queryClient} router={BrowserRouter} />;
}
