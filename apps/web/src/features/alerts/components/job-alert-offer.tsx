// "Email me jobs like these" on /jobs: a button that opens a panel with the form saving the current
// search as a job alert. It loads apart from the page's own code (app/router.tsx) and holds only the
// button: the panel's code (and zod with its form) is fetched the first time the button is pressed.
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Spinner } from '../../../ui/spinner';
import type { SearchToSave } from '../search-words';

const JobAlertPanel = lazy(() => import('./job-alert-panel').then((module) => ({ default: module.JobAlertPanel })));

/** A disclosure: the button says whether the panel is open, and gets the focus back when it closes. */
export function JobAlertOffer({ search }: { search: SearchToSave }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setIsOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="button button--secondary"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => (isOpen ? close() : setIsOpen(true))}
      >
        Email me jobs like these
      </button>
      <div id={panelId}>
        {isOpen && (
          <Suspense fallback={<Spinner label="Loading the form" />}>
            <JobAlertPanel search={search} onClose={close} />
          </Suspense>
        )}
      </div>
    </>
  );
}
