// Which page chunks are on their way, so the layout can show a progress bar while the next page's
// code loads (the previous page stays on screen meanwhile: route changes are React transitions).
import { useEffect, useState } from 'react';

let pending = 0;
const listeners = new Set<(isLoading: boolean) => void>();

function notify(): void {
  // Loads start while React renders the next page (React.lazy); tell the layout after that.
  queueMicrotask(() => {
    for (const listener of listeners) listener(pending > 0);
  });
}

export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  pending += 1;
  notify();
  const settle = () => {
    pending -= 1;
    notify();
  };
  load.then(settle, settle);
  return load;
}

export function useIsPageLoading(): boolean {
  const [isLoading, setIsLoading] = useState(pending > 0);
  useEffect(() => {
    listeners.add(setIsLoading);
    setIsLoading(pending > 0);
    return () => {
      listeners.delete(setIsLoading);
    };
  }, []);
  return isLoading;
}
