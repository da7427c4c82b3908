// Browser storage keys in one place, so a feature that reads one and a page that clears it agree.

/** The bearer token of the session (local storage: it survives closing the tab). */
export const TOKEN_STORAGE_KEY = 'teacheast.token';

/** The last job search (session storage); the home page removes it to start a fresh search. */
export const SEARCH_STATE_STORAGE_KEY = 'teacheast.search';

/** Scroll position per history entry (session storage), so Back and a reload return to it. */
export const SCROLL_POSITIONS_STORAGE_KEY = 'teacheast.scroll-positions';

/** The <script type="application/json"> in which the server hands a page's answers over (app/prerender.ts). */
export const PRERENDER_DATA_ID = 'prerender-data';

/** The saved jobs ticked to compare (session storage), so Back from the comparison keeps them ticked. */
export const COMPARE_CHOICE_STORAGE_KEY = 'teacheast.compare-choice';

/**
 * A visitor's answers to "Can I take these jobs?" (local storage: they stay in this browser, and reach
 * the server only in the URL of a search with "Only jobs I can take"). A member's are in their account.
 */
export const ELIGIBILITY_FACTS_STORAGE_KEY = 'teacheast.eligibility-facts';
