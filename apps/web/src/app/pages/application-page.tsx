// One application's hiring conversation (BEYOND §10) at /applications/{id}: its interviews, its offer
// and its messages, for the teacher who applied and the job's owner alike.
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

// Loaded by this page rather than with it: as its own dependencies, the view's files would be named
// in the route table of every first download (docs/decisions/005-lean-first-load.md).
const ConversationView = lazy(() =>
  import('../../features/applications/components/conversation-view').then((module) => ({
    default: module.ConversationView,
  })),
);

export function ApplicationPage() {
  const { id = '' } = useParams();
  return (
    <Suspense
      fallback={
        <Page title="Application" width="medium">
          <Spinner label="Opening the application" />
        </Page>
      }
    >
      <ConversationView key={id} id={id} />
    </Suspense>
  );
}
