// One application's hiring conversation (BEYOND §10), for its two parties alike: the interview times
// (the school proposes them, the teacher accepts one), the offer (the school makes it, the teacher
// answers it), and the messages. Anyone else is told the conversation is not theirs (the server's 404).
import { useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { Page } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { useApplication } from '../api';
import { isOpen, STATUS_LABELS } from '../status-words';
import { InterviewList } from './interview-list';
import { InterviewProposalForm } from './interview-proposal-form';
import { MessageThread } from './message-thread';
import { OfferForm } from './offer-form';
import { OfferView } from './offer-view';
import '../applications.css';

export function ConversationView({ id }: { id: string }) {
  const application = useApplication(id);
  const [isProposing, setIsProposing] = useState(false);
  const [isOffering, setIsOffering] = useState(false);
  const [newInterviewId, setNewInterviewId] = useState<string | null>(null);
  const [hasNewOffer, setHasNewOffer] = useState(false);
  const proposeRef = useRef<HTMLButtonElement>(null);
  const offerRef = useRef<HTMLButtonElement>(null);

  if (application.isPending) {
    return (
      <Page title="Application" width="medium">
        <Spinner label="Opening the application" />
      </Page>
    );
  }
  if (application.isError) {
    const isMissing = isApiError(application.error) && application.error.status === 404;
    return (
      <Page title={isMissing ? 'Application not found' : 'Application'} width="medium">
        <p role="alert">
          {isMissing
            ? 'There is no application here, or it is not yours to see: only the teacher who applied and the school can.'
            : application.error.message}
        </p>
        <p>
          <Link to={paths.account('applications')}>Your applications</Link>
        </p>
      </Page>
    );
  }

  const data = application.data;
  const isTeacher = data.as === 'teacher';
  const { job } = data;
  const teacherName = data.applicantName || data.applicantEmail;
  const schoolName = job.companyName || 'The school';
  const jobName = `${job.title} at ${schoolName}`;
  const otherName = isTeacher ? schoolName : teacherName;
  const canPropose = !isTeacher && isOpen(data.status);
  const canOffer = !isTeacher && isOpen(data.status) && data.offer?.status !== 'open';
  const focusLater = (ref: RefObject<HTMLElement | null>) => requestAnimationFrame(() => ref.current?.focus());

  return (
    <Page
      title={isTeacher ? jobName : teacherName}
      documentTitle={isTeacher ? `Your application: ${jobName}` : `${teacherName}: ${jobName}`}
      width="medium"
      intro={
        <>
          <p className="conversation__status">
            {isTeacher ? 'Your application' : `Applied for ${job.title}`} · Status:{' '}
            <strong>{STATUS_LABELS[data.status]}</strong>
          </p>
          <p>
            {isTeacher ? (
              <Link to={paths.account('applications')}>All your applications</Link>
            ) : (
              <Link to={paths.jobApplicants(job.uuid)}>All applicants to {job.title}</Link>
            )}
          </p>
        </>
      }
    >
      <div className="conversation">
        <section className="conversation__part" aria-labelledby="conversation-interviews">
          <h2 id="conversation-interviews">Interview</h2>
          {data.interviews.length > 0 ? (
            <InterviewList applicationId={id} interviews={data.interviews} as={data.as} focusId={newInterviewId} />
          ) : (
            <p className="conversation__none">
              {isTeacher ? 'The school has not proposed an interview yet.' : 'No interview proposed yet.'}
            </p>
          )}
          {canPropose &&
            (isProposing ? (
              <InterviewProposalForm
                applicationId={id}
                teacherName={teacherName}
                onProposed={(interview) => {
                  setIsProposing(false);
                  setNewInterviewId(interview.id);
                  toast.success(`Interview times sent to ${teacherName}.`);
                }}
                onCancel={() => {
                  setIsProposing(false);
                  focusLater(proposeRef);
                }}
              />
            ) : (
              <button
                ref={proposeRef}
                type="button"
                className="button button--primary"
                onClick={() => setIsProposing(true)}
              >
                Propose interview times
              </button>
            ))}
        </section>

        <section className="conversation__part" aria-labelledby="conversation-offer">
          <h2 id="conversation-offer">Offer</h2>
          {data.offer ? (
            <OfferView applicationId={id} offer={data.offer} as={data.as} isNew={hasNewOffer} />
          ) : (
            <p className="conversation__none">{isTeacher ? 'No offer yet.' : 'No offer made yet.'}</p>
          )}
          {canOffer &&
            (isOffering ? (
              <OfferForm
                applicationId={id}
                job={job}
                teacherName={teacherName}
                onOffered={() => {
                  setIsOffering(false);
                  setHasNewOffer(true);
                  toast.success(`Offer sent to ${teacherName}.`);
                }}
                onCancel={() => {
                  setIsOffering(false);
                  focusLater(offerRef);
                }}
              />
            ) : (
              <button
                ref={offerRef}
                type="button"
                className="button button--primary"
                onClick={() => setIsOffering(true)}
              >
                Make an offer
              </button>
            ))}
        </section>

        <section className="conversation__part" aria-labelledby="conversation-messages">
          <h2 id="conversation-messages">Messages</h2>
          <MessageThread applicationId={id} as={data.as} otherName={otherName} isOpen={data.open} />
        </section>
      </div>
    </Page>
  );
}
