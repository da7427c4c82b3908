import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavBar } from './nav-bar';
import { useIsPageLoading } from './page-loading';
import { ScrollRestoration } from './scroll-restoration';
import { SiteFooter } from './site-footer';
import { TestModeBanner } from './test-mode-banner';

/** Skip link, navigation, the page and the footer around every route. */
export function RootLayout() {
  const isPageLoading = useIsPageLoading();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const isFirstRender = useRef(true);

  // After a client-side navigation, move focus to the new content, as a full page load would
  // put screen reader users at the top of the new page instead of on the link they followed.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {isPageLoading && <div className="route-progress" aria-hidden="true" />}
      <TestModeBanner />
      <NavBar />
      <main id="main-content" className="app__main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
