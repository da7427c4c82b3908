// "Report this job" on a live posting (BEYOND §9), for anyone, signed in or not. Part of the posting
// page's own code, so it holds the button alone: the dialog, its schema and its call load when the
// button is pressed.
import { lazy, Suspense, useRef, useState } from 'react';
import { Spinner } from '../../../ui/spinner';

const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })));

export function ReportJobButton({ jobUuid, jobName }: { jobUuid: string; jobName: string }) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="posting__report"
        aria-haspopup="dialog"
        onClick={() => setIsDialogOpen(true)}
      >
        Report this job
      </button>
      {isDialogOpen && (
        <Suspense fallback={<Spinner label="Loading the report form" />}>
          <ReportDialog
            jobUuid={jobUuid}
            jobName={jobName}
            returnFocusTo={button}
            onClose={() => setIsDialogOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
