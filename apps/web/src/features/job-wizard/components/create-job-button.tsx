// Create Job: spends one credit on an empty draft and opens the wizard. Each failure has its place
// to go: HAS_JOB to the account, no credits to the packs, not logged in to sign-up.
import { ERROR_TYPES, MESSAGES } from '@teacheast/shared';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateJob } from '../api';

const NO_CREDITS_TOAST = 'You have no job credits left. Choose a pack below to buy one.';

export function CreateJobButton({ onNoCredits }: { onNoCredits?: () => void }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const createJob = useCreateJob();

  const onClick = () => {
    if (createJob.isPending) return;
    if (!user) {
      toast.error(MESSAGES.mustLogIn);
      void navigate(paths.register());
      return;
    }
    createJob.mutate(user.uuid, {
      onSuccess: (result) => {
        toast.success(result.message);
        void navigate(paths.jobWizard('details', result.uuid));
      },
      onError: (error) => {
        if (isApiError(error) && error.errorType === ERROR_TYPES.HAS_JOB) {
          toast.error(MESSAGES.hasJob);
          void navigate(paths.account('unpublished'));
        } else if (isApiError(error) && error.errorType === ERROR_TYPES.NO_CREDITS) {
          toast.error(NO_CREDITS_TOAST);
          if (onNoCredits) onNoCredits();
          else void navigate(paths.purchaseJobs());
        } else {
          toast.error(MESSAGES.mustLogIn);
          void navigate(paths.register());
        }
      },
    });
  };

  return (
    <button
      type="button"
      className="button button--primary"
      onClick={onClick}
      aria-disabled={createJob.isPending || undefined}
      aria-busy={createJob.isPending || undefined}
    >
      Create Job
    </button>
  );
}
