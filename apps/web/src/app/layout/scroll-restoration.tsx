// Scrolls like a site of ordinary pages: a new page opens at the top (or at its #fragment), Back
// and Forward return to where the reader was, also after a reload. React Router's own
// <ScrollRestoration> only works with its data router, which the app does not use (router.tsx).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { SCROLL_POSITIONS_STORAGE_KEY } from '../../config/storage-keys';

function readPositions(): Map<string, number> {
  // The server's render has no window: nothing to read, and no exception to throw on every page.
  if (typeof window === 'undefined') return new Map();
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_STORAGE_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    return new Map(Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return new Map();
  }
}

function storePositions(positions: Map<string, number>): void {
  try {
    window.sessionStorage.setItem(SCROLL_POSITIONS_STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Without storage, positions are only remembered until the tab reloads.
  }
}

function elementOfFragment(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // a malformed %-escape names no element
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Scroll positions by history entry, as React Router keys them.
  const [positions] = useState(readPositions);
  const currentKey = useRef(location.key);

  // Otherwise the browser restores before the page it belongs to has rendered.
  useLayoutEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  useEffect(() => {
    const onScroll = () => positions.set(currentKey.current, window.scrollY);
    const onPageHide = () => storePositions(positions);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [positions]);

  // Runs once the new page is on screen: route changes are transitions that wait for its code.
  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = navigationType === 'POP' ? positions.get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? elementOfFragment(location.hash) : null;
    if (target) {
      target.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType, positions]);

  return null;
}
