import { useEffect, useRef } from 'react';
import { countJobClick, reportTimeSpent } from '../api';

/**
 * Counts one click when a posting opens and the seconds it is actually visible, reported when the
 * reader leaves: another route (unmount), a hidden tab, or a closed page (pagehide).
 */
export function usePostingVisit(uuid: string, isActive: boolean): void {
  // Survives StrictMode's second effect run, so one opening is one click.
  const countedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!isActive) return;
    if (countedFor.current !== uuid) {
      countedFor.current = uuid;
      countJobClick(uuid);
    }
    let seconds = 0;
    const tick = window.setInterval(() => {
      if (document.visibilityState === 'visible') seconds += 1;
    }, 1000);
    const flush = () => {
      if (seconds > 0) reportTimeSpent(uuid, seconds);
      seconds = 0;
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', flush);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [uuid, isActive]);
}
