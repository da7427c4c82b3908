// The job search remembers its filters for the tab (session storage) so "back to results" works;
// the home page is the fresh start and forgets them.
import { SEARCH_STATE_STORAGE_KEY } from '../config/storage-keys';

export function clearSearchState(): void {
  try {
    window.sessionStorage.removeItem(SEARCH_STATE_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
