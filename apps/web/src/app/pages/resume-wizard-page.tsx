import { lazy, Suspense, useRef } from 'react';
import { useParams } from 'react-router';
import type { ResumeWizardStep } from '../../config/paths';
import type { EligibilityFactsPartHandle } from '../../features/eligibility/components/eligibility-facts-part';
import { useResumeContent, useResumeDetails } from '../../features/resumes/api';
import { ProfileImageStep } from '../../features/resumes/components/profile-image-step';
import { ResumeContentStep } from '../../features/resumes/components/resume-content-step';
import { ResumeDetailsForm } from '../../features/resumes/components/resume-details-form';
import { ResumePreviewStep } from '../../features/resumes/components/resume-preview-step';
import { RESUME_STEP_TITLES, ResumeStepper } from '../../features/resumes/components/resume-stepper';
import '../../features/resumes/resumes.css';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

/** The visa questions (BEYOND §7), an optional part of the details step, from the eligibility feature. */
const EligibilityFactsPart = lazy(() =>
  import('../../features/eligibility/components/eligibility-facts-part').then((module) => ({
    default: module.EligibilityFactsPart,
  })),
);

function DetailsStep({ userUuid }: { userUuid: string }) {
  const details = useResumeDetails(userUuid);
  const factsPart = useRef<EligibilityFactsPartHandle>(null);
  if (details.isPending) return <Spinner label="Loading your details" />;
  if (details.isError) return <p role="alert">{details.error.message}</p>;
  return (
    <ResumeDetailsForm
      userUuid={userUuid}
      saved={details.data}
      optionalPart={
        <Suspense fallback={<Spinner label="Loading the visa questions" />}>
          <EligibilityFactsPart ref={factsPart} userUuid={userUuid} />
        </Suspense>
      }
      // Before the part has loaded there is nothing in it to save.
      saveOptionalPart={() => factsPart.current?.save() ?? Promise.resolve(true)}
    />
  );
}

function ContentStep({ userUuid }: { userUuid: string }) {
  const content = useResumeContent(userUuid);
  if (content.isPending) return <Spinner label="Loading your resume" />;
  if (content.isError) return <p role="alert">{content.error.message}</p>;
  return <ResumeContentStep userUuid={userUuid} saved={content.data} />;
}

/** /post-resume/{step}/{userUuid}: the route guard has checked the step and that the uuid is the user's. */
export function ResumeWizardPage() {
  const params = useParams();
  const step = params.step as ResumeWizardStep;
  const userUuid = params.userUuid!;
  return (
    <Page title={RESUME_STEP_TITLES[step]} documentTitle={`${RESUME_STEP_TITLES[step]} – Post Resume`} width="medium">
      <ResumeStepper step={step} userUuid={userUuid} />
      {step === 'details' && <DetailsStep key={userUuid} userUuid={userUuid} />}
      {step === 'profile-image' && <ProfileImageStep userUuid={userUuid} />}
      {step === 'resume' && <ContentStep userUuid={userUuid} />}
      {step === 'preview' && <ResumePreviewStep userUuid={userUuid} />}
    </Page>
  );
}
