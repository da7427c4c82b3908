// A posting's visits: one click when it opens, and the seconds it is read (its owner's metrics).
// Beside their only user, so that /jobs's first download (../api.ts) does not carry them.
import type { JobClick, JobTime } from '@teacheast/shared';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';

/** Counts one opening of a posting. A refusal (already counted, closed job) is not the reader's concern. */
function countJobClick(uuid: string): void {
  api.post('/api/job/clicks', { uuid } satisfies JobClick).catch(() => undefined);
}

/**
 * Reports seconds spent on a posting. sendBeacon survives the page being closed; the Blob gives the
 * request a JSON content type so the server parses it like any other call.
 */
function reportTimeSpent(uuid: string, timeSpent: number): void {
  if (timeSpent <= 0) return;
  const body = JSON.stringify({ uuid, timeSpent: Math.round(timeSpent) } satisfies JobTime);
  const sent =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon('/api/job/time', new Blob([body], { type: 'application/json' }));
  if (!sent) {
    void fetch('/api/job/time', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  }
}

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
