import { Navigate, useParams } from 'react-router';
import { JOB_WIZARD_STEPS, paths, type JobWizardStep } from '../../config/paths';
import { JobWizard } from '../../features/job-wizard/components/job-wizard';
import { STEP_TITLES } from '../../features/job-wizard/components/wizard-nav';
import { Page } from '../../ui/page';

export function JobWizardPage() {
  const { type, uuid } = useParams();
  if (!uuid || !(JOB_WIZARD_STEPS as readonly string[]).includes(type ?? ''))
    return <Navigate to={paths.postJob()} replace />;
  const step = type as JobWizardStep;
  return (
    <Page title="Post a job" documentTitle={STEP_TITLES[step]} width="medium">
      <JobWizard key={`${uuid}-${step}`} step={step} uuid={uuid} />
    </Page>
  );
}
