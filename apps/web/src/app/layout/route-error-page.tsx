import { usePageTitle } from '../../ui/use-page-title';

/**
 * Shown when a page fails to render or its code cannot be loaded (often a new release replaced
 * the files this tab was built with; a reload fixes that).
 */
export function RouteErrorPage() {
  usePageTitle('Something went wrong');
  return (
    <main className="error-page" id="main-content">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Reloading usually helps.</p>
      <p className="error-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a className="button button--secondary" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
