import { useEffect } from 'react';

const SITE_NAME = 'TeachEast';

/** The tab title of a page called `title`; the home page has none of its own. */
export function documentTitle(title: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: teaching jobs in East and Southeast Asia`;
}

/** Sets the browser tab title; screen reader users hear it when a page changes. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
