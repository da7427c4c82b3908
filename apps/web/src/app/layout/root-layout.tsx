import { useContext, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LayoutPartContext, PAGE_SLOT } from './layout-part';
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

  const part = useContext(LayoutPartContext);
  const slot = (key: string) => <template key={key} {...{ [PAGE_SLOT]: '' }} />;
  const layout = [
    <a key="skip" className="skip-link" href="#main-content">
      Skip to main content
    </a>,
    isPageLoading && <div key="progress" className="route-progress" aria-hidden="true" />,
    <TestModeBanner key="banner" />,
    <NavBar key="nav" />,
    <main key="main" id="main-content" className="app__main" ref={mainRef} tabIndex={-1}>
      {part === 'frame' ? slot('page') : <Outlet />}
    </main>,
    <SiteFooter key="footer" />,
    <ScrollRestoration key="scroll" />,
  ];
  if (part !== 'page') return <div className="app">{layout}</div>;
  // The page alone, between two slots. It stays where it is in the whole page, the same child of as
  // many, so what React numbers by the place in the tree (useId) comes out the same.
  const main = layout.findIndex((child) => child && child.key === 'main');
  return layout.map((_, i) =>
    i === main ? <Outlet key="main" /> : i === main - 1 || i === main + 1 ? slot(String(i)) : null,
  );
}
