import { ResumeBoard } from '../../features/resumes/components/resume-board';
import '../../features/resumes/resumes.css';
import { useSessionUser } from '../../lib/session';
import { Page } from '../../ui/page';

/** /resume-board?page=N&…: logged-in only (route guard); a subscription is checked by the server. */
export function ResumeBoardPage() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Page title="Resume Board" documentTitle="Resumes">
      <ResumeBoard userUuid={user.uuid} />
    </Page>
  );
}
