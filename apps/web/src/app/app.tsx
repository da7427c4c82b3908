import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { LayoutPartContext, type LayoutPart } from './layout/layout-part';
import { Toaster } from '../ui/toaster';
import { AppRoutes } from './router';
import { SessionGate } from './session-gate';

/**
 * The whole app inside a router. The browser passes its BrowserRouter; the server's first render of
 * a landing page passes a StaticRouter, a query cache of its own and the part of the page it renders
 * (entry-server.tsx).
 */
export function AppTree({
  client,
  router: Router,
  part = 'whole',
}: {
  client: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
  part?: LayoutPart;
}) {
  return (
    <LayoutPartContext.Provider value={part}>
      <QueryClientProvider client={client}>
        <Router>
          <SessionGate>
            <AppRoutes />
          </SessionGate>
        </Router>
        {/* The page alone leaves the toasts to its frame (null keeps the router's place in the tree). */}
        {part === 'page' ? null : <Toaster />}
      </QueryClientProvider>
    </LayoutPartContext.Provider>
  );
}

export function App() {
  return <AppTree client={queryClient} router={BrowserRouter} />;
}
