// The six-step job wizard: loads the draft (which must be the user's own) and shows the step.
import { Link } from 'react-router';
import { paths, type JobWizardStep } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session';
import { Spinner } from '../../../ui/spinner';
import { useJobDescription, useJobDetails, useJobTerms, type JobDetailsView } from '../api';
import { CarouselStep } from './carousel-step';
import { ImageCropStep } from './image-crop-step';
import { JobDescriptionStep } from './job-description-step';
import { JobDetailsStep } from './job-details-step';
import { PreviewStep } from './preview-step';
import { TermsStep } from './terms-step';
import { STEP_TITLES, WizardProgress } from './wizard-nav';
import '../job-wizard.css';

function DescriptionLoader({ uuid, userUuid, readOnly }: { uuid: string; userUuid: string; readOnly: boolean }) {
  const description = useJobDescription(uuid, userUuid);
  if (description.isPending) return <Spinner label="Loading the description" />;
  if (description.isError) return <p role="alert">{description.error.message}</p>;
  return <JobDescriptionStep uuid={uuid} userUuid={userUuid} initialHtml={description.data} readOnly={readOnly} />;
}

function TermsLoader({ job, userUuid, readOnly }: { job: JobDetailsView; userUuid: string; readOnly: boolean }) {
  const terms = useJobTerms(job.uuid, userUuid);
  if (terms.isPending) return <Spinner label="Loading the pay and conditions" />;
  if (terms.isError) return <p role="alert">{terms.error.message}</p>;
  return <TermsStep key={job.uuid} job={job} saved={terms.data} userUuid={userUuid} readOnly={readOnly} />;
}

export function JobWizard({ step, uuid }: { step: JobWizardStep; uuid: string }) {
  const user = useSessionUser();
  const userUuid = user?.uuid ?? '';
  const details = useJobDetails(uuid, userUuid);

  if (details.isPending) return <Spinner label="Loading the job" />;
  if (details.isError) {
    return (
      <div className="notice" role="alert">
        <p>{details.error.message}</p>
        <p>
          <Link to={paths.account('unpublished')}>Go to your account</Link>
        </p>
      </div>
    );
  }
  const job = details.data;
  const readOnly = job.status === 'expired';

  return (
    <div className="wizard">
      <WizardProgress uuid={uuid} step={step} />
      <h2 className="wizard__title">{STEP_TITLES[step]}</h2>
      {readOnly && (
        <p className="notice" role="status">
          This job has expired and is read-only. Relist it from the Expired tab of your account.
        </p>
      )}
      {step === 'details' && <JobDetailsStep key={job.uuid} job={job} userUuid={userUuid} readOnly={readOnly} />}
      {step === 'terms' && <TermsLoader job={job} userUuid={userUuid} readOnly={readOnly} />}
      {step === 'description' && <DescriptionLoader uuid={uuid} userUuid={userUuid} readOnly={readOnly} />}
      {step === 'image-crop' && <ImageCropStep uuid={uuid} userUuid={userUuid} readOnly={readOnly} />}
      {step === 'carousel-images' && <CarouselStep uuid={uuid} userUuid={userUuid} readOnly={readOnly} />}
      {step === 'preview' && <PreviewStep uuid={uuid} userUuid={userUuid} />}
    </div>
  );
}
