// The panel "Email me jobs like these" opens (job-alert-offer.tsx): a heading that takes the focus,
// and the form for the search shown. Loaded only when the button is pressed.
import { useEffect, useId, useRef } from 'react';
import { alertFiltersOf, type SearchToSave } from '../search-words';
import { JobAlertForm } from './job-alert-form';
import '../alerts.css';

interface JobAlertPanelProps {
  search: SearchToSave;
  /** Saved by a member, cancelled, or Escape pressed. */
  onClose: () => void;
}

export function JobAlertPanel({ search, onClose }: JobAlertPanelProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Another search on the same page starts the form afresh: what it says and saves is that search.
  const searchKey = JSON.stringify([search.country, search.city, search.ageGroup, search.q, alertFiltersOf(search)]);

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      className="job-alert-panel"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="job-alert-panel__title">
        Get new jobs like these by e-mail
      </h2>
      <JobAlertForm key={searchKey} search={search} labelledBy={headingId} onDone={onClose} />
    </section>
  );
}
