import { ContactForm } from '../../features/contact/components/contact-form';
import { useSessionUser } from '../../lib/session';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

export function ContactUsPage() {
  const user = useSessionUser();
  return (
    <Page
      title={PAGE_HEADS['contact-us-page'].title}
      width="narrow"
      intro={<p>Questions about a posting, your account or a payment? Write to us and we will answer by e-mail.</p>}
    >
      <div className="card">
        <ContactForm defaultEmail={user?.email ?? ''} />
      </div>
    </Page>
  );
}
