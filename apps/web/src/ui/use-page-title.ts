import { useEffect } from 'react';

const SITE_NAME = 'TeachEast';

/** Sets the browser tab title; screen reader users hear it when a page changes. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: teaching jobs in East and Southeast Asia`;
  }, [title]);
}
