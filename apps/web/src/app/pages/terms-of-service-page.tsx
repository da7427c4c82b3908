import {
  CREDIT_PACKS,
  MAX_CAROUSEL_IMAGES,
  POSTING_LIFETIME_DAYS,
  RESUME_BOARD_PRICE_CENTS,
  formatDollars,
} from '@teacheast/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

// Prices and limits come from the shared constants, so the terms always match what the product charges.
const EFFECTIVE_DATE = 'January 1, 2025';

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

const SECTIONS: Section[] = [
  {
    id: 'agreement',
    title: '1. Who we are and this agreement',
    body: (
      <>
        <p>
          TeachEast (“TeachEast”, “we”, “us”) operates a website where schools and other employers post teaching jobs in
          East and Southeast Asia and where teachers publish resumes (the “Service”). These Terms of Service (the
          “Terms”) are a binding agreement between you and TeachEast. By creating an account, posting content, buying
          credits or a subscription, or otherwise using the Service, you accept these Terms. If you use the Service for
          a school or company, you accept them on its behalf and confirm that you may do so.
        </p>
        <p>If you do not agree to these Terms, do not use the Service.</p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: '2. Eligibility and accounts',
    body: (
      <>
        <p>
          You must be at least 18 years old and able to form a binding contract to use the Service. Browsing jobs needs
          no account; posting a job, posting a resume, saving jobs and using the Resume Board do.
        </p>
        <ul>
          <li>Give us a working e-mail address that you control and confirm it when we ask.</li>
          <li>
            Keep your password secret. You are responsible for everything done through your account until you tell us it
            has been compromised.
          </li>
          <li>One person or organisation per account; do not share, sell or transfer accounts.</li>
          <li>
            Tell us through the <Link to={paths.contactUs()}>Contact Us</Link> page if you believe someone else has used
            your account.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'job-postings',
    title: '3. Job postings',
    body: (
      <>
        <p>If you post a job, you promise that:</p>
        <ul>
          <li>
            the position is real and open, you are the employer or are authorised to recruit for it, and the posting
            describes it honestly, including pay, duration, location, class size and start date;
          </li>
          <li>
            the position, its pay and its conditions comply with the laws of the country where the work will be done,
            including employment, immigration and work-visa rules;
          </li>
          <li>
            you do not charge applicants any fee to apply, to be interviewed or to be hired, and the posting is not for
            a franchise, pyramid scheme, “training fee” or similar arrangement;
          </li>
          <li>
            you do not discriminate unlawfully, and you handle the personal information applicants send you lawfully and
            only to fill the position.
          </li>
        </ul>
        <p>
          A published posting stays live for {POSTING_LIFETIME_DAYS} days and then expires. Each posting may include one
          tile image and up to {MAX_CAROUSEL_IMAGES} photos. You can edit a posting from your Account page while it is
          live. We may edit the format of a posting, refuse it, or remove it at any time if we believe it breaks these
          Terms or could harm our users; when we remove a posting for a breach of these Terms, the credit used for it is
          not returned.
        </p>
      </>
    ),
  },
  {
    id: 'resumes',
    title: '4. Resumes and the Resume Board',
    body: (
      <>
        <p>
          If you publish a resume, you promise that it is about you and is accurate, including your nationality,
          education and experience. A published resume, including your name, photo and e-mail address, can be seen by
          employers with an active Resume Board subscription. You can change your resume at any time and ask us to
          remove it.
        </p>
        <p>
          If you subscribe to the Resume Board, you may use the resumes only to recruit for real teaching positions. You
          may not copy the Resume Board in bulk, sell or share resumes or contact details with anyone else, or contact
          teachers for any other purpose, such as marketing.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: '5. Job credits, payments and refunds',
    body: (
      <>
        <p>
          Publishing a job uses one job credit. Credits are sold in packs:{' '}
          {Object.values(CREDIT_PACKS)
            .map((pack) => `${pack.label} for ${formatDollars(pack.amountCents)}`)
            .join(', ')}
          . Prices are in United States dollars and include no taxes unless we say so; you are responsible for any taxes
          and bank or currency charges that apply to you.
        </p>
        <ul>
          <li>
            Card payments are processed by our payment provider. We do not receive or store your full card number.
          </li>
          <li>
            Credits are added to your account once the payment has succeeded. They are tied to the account that bought
            them, have no cash value and cannot be transferred.
          </li>
          <li>
            Unused credits do not expire while your account stays open. If you ask us within 14 days of a purchase, we
            will refund credits from that purchase that have not been used. Credits that have been used for a posting
            are not refundable, except where the law requires otherwise or a posting could not be published because of a
            fault on our side.
          </li>
          <li>
            If a payment is reversed or charged back, we may remove the credits it bought and unpublish postings that
            used them.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'subscriptions',
    title: '6. Subscriptions',
    body: (
      <>
        <p>
          A Resume Board subscription costs {formatDollars(RESUME_BOARD_PRICE_CENTS)} per month. It renews automatically
          every month and we charge the card on file at each renewal until you stop it. You can stop renewal at any time
          on your Account page (“Cancel Recurring”) and turn it back on (“Enable Recurring”) while the subscription is
          active.
        </p>
        <p>
          When you cancel, you keep access until the end of the month you have paid for; we do not refund part-months.
          We may change the subscription price for future periods by telling you by e-mail at least 30 days before the
          change applies; if you do not agree, cancel before the renewal.
        </p>
      </>
    ),
  },
  {
    id: 'coupons',
    title: '7. Coupons and free postings',
    body: (
      <p>
        We sometimes give out coupon links that create an account with a free job posting. A coupon can be redeemed
        once, has no cash value, cannot be sold, and may be withdrawn if it was obtained or used in breach of these
        Terms.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: '8. Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>post anything false, misleading, unlawful, hateful, harassing, sexual or violent;</li>
          <li>impersonate anyone, or post content or personal information you have no right to post;</li>
          <li>
            use the Service for spam, scams, human trafficking, or recruitment for work that is illegal where it would
            be done;
          </li>
          <li>scrape, crawl or download the Service in bulk, or use automated means to create accounts or postings;</li>
          <li>
            probe, scan or test the Service for weaknesses, break or get around its security or rate limits, or upload
            malware;
          </li>
          <li>interfere with the Service or with other people’s use of it.</li>
        </ul>
        <p>
          If you find a security problem, please report it through the <Link to={paths.contactUs()}>Contact Us</Link>{' '}
          page and give us a reasonable time to fix it.
        </p>
      </>
    ),
  },
  {
    id: 'content-licence',
    title: '9. Your content and the licence you give us',
    body: (
      <>
        <p>
          You keep ownership of what you post: postings, descriptions, images, resumes and photos (“Your Content”). You
          give TeachEast a worldwide, non-exclusive, royalty-free licence to host, store, copy, resize, reformat,
          display and distribute Your Content, for as long as it is on the Service and for a reasonable time afterwards
          in backups, only to run, show and promote the Service (for example, showing a job posting in search results or
          in a feed read by job sites).
        </p>
        <p>
          You promise that you have the rights needed to give this licence, and that Your Content does not infringe
          anyone’s copyright, trademark, privacy or other rights. If you believe content on the Service infringes your
          rights, tell us through the <Link to={paths.contactUs()}>Contact Us</Link> page and we will look into it
          promptly.
        </p>
      </>
    ),
  },
  {
    id: 'our-content',
    title: '10. Our service and trademarks',
    body: (
      <p>
        The Service, its software, design, text, illustrations and the TeachEast name and logo belong to TeachEast. We
        give you a personal, revocable, non-transferable permission to use the Service as these Terms allow; nothing
        else is licensed to you.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: '11. Privacy',
    body: (
      <p>
        We collect and use personal information, such as your e-mail address, your resume and information about how
        postings are viewed, to run the Service, to keep it secure and to contact you about your account. We do not sell
        personal information. Passwords are stored only in hashed form. How we handle personal information, and how you
        can see, correct or delete yours, is described in our privacy notice; until it is published on this site you can
        ask us for it, or ask us to delete your data, through the <Link to={paths.contactUs()}>Contact Us</Link> page.
      </p>
    ),
  },
  {
    id: 'hiring',
    title: '12. We are a venue, not an employer or agency',
    body: (
      <p>
        TeachEast is a place where employers and teachers find each other. We are not a party to any job offer, contract
        of employment or visa sponsorship between them, we do not act as a recruitment agency, and we do not check every
        posting, school or teacher. Employers and teachers are each responsible for checking the other, for the terms
        they agree, and for meeting the immigration, tax and employment laws that apply to them. Be careful with anyone
        who asks you for money or for copies of identity documents before a real offer.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: '13. Other services and links',
    body: (
      <p>
        The Service uses other companies, such as our payment provider and e-mail provider, and may link to websites we
        do not control, including employers’ own sites. Their terms and privacy policies apply to your use of them, and
        we are not responsible for their content or practices.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: '14. Disclaimers',
    body: (
      <p>
        The Service is provided “as is” and “as available”. To the fullest extent the law allows, TeachEast disclaims
        all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose,
        title and non-infringement. We do not promise that the Service will be uninterrupted, secure or free of errors,
        that any posting or resume is accurate, or that you will fill a position or find a job through it.
      </p>
    ),
  },
  {
    id: 'liability',
    title: '15. Limitation of liability',
    body: (
      <>
        <p>
          To the fullest extent the law allows, TeachEast and its owners, employees and suppliers will not be liable for
          any indirect, incidental, special, consequential, exemplary or punitive damages, or for lost profits, revenue,
          data or opportunities, arising out of or relating to the Service or these Terms, even if we were told they
          were possible.
        </p>
        <p>
          Our total liability for all claims arising out of or relating to the Service or these Terms is limited to the
          greater of (a) the amount you paid TeachEast in the twelve months before the event giving rise to the claim
          and (b) one hundred United States dollars (US$100). Some jurisdictions do not allow these limits, so some of
          them may not apply to you; nothing in these Terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: '16. Indemnity',
    body: (
      <p>
        You will defend and indemnify TeachEast against claims, losses and costs (including reasonable attorneys’ fees)
        brought by third parties that arise from Your Content, from your hiring or employment decisions, or from your
        breach of these Terms or of the law.
      </p>
    ),
  },
  {
    id: 'termination',
    title: '17. Suspension and termination',
    body: (
      <p>
        You may stop using the Service and ask us to close your account at any time. We may suspend or close an account,
        remove content or refuse service if we reasonably believe these Terms or the law have been broken, or to protect
        our users or the Service; where it is safe and lawful, we will tell you why. If we close your account without a
        breach on your part, we will refund unused credits. Sections 9 to 16, 18 and 20 continue to apply after an
        account is closed.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: '18. Governing law and disputes',
    body: (
      <p>
        These Terms and any dispute arising out of or relating to them or to the Service are governed by the laws of the
        State of Minnesota, United States of America, without regard to its conflict-of-laws rules. Any such dispute
        will be brought exclusively in the state or federal courts located in Hennepin County, Minnesota, and you and
        TeachEast consent to the personal jurisdiction of those courts. Before filing a claim, please contact us so we
        can try to resolve it informally. If you are a consumer living outside the United States, this does not take
        away protections that the mandatory law of your country gives you.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '19. Changes to these Terms',
    body: (
      <p>
        We may change these Terms from time to time. We will post the new version on this page with a new effective date
        and, for material changes, tell account holders by e-mail at least 14 days before the change takes effect. If
        you keep using the Service after a change takes effect, the new Terms apply; if you do not agree, stop using the
        Service and close your account. Changes do not apply to purchases made before they take effect.
      </p>
    ),
  },
  {
    id: 'general',
    title: '20. General',
    body: (
      <p>
        These Terms are the whole agreement between you and TeachEast about the Service. If a court finds part of them
        unenforceable, the rest stays in force. If we do not enforce a right, we have not waived it. You may not
        transfer your rights under these Terms without our written consent; we may transfer ours to a successor of our
        business. Neither side is liable for delays caused by events beyond its reasonable control.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '21. Contact',
    body: (
      <p>
        Questions about these Terms, refund requests and notices to TeachEast can be sent through the{' '}
        <Link to={paths.contactUs()}>Contact Us</Link> page. We send notices to you at the e-mail address of your
        account.
      </p>
    ),
  },
];

export function TermsOfServicePage() {
  return (
    <Page
      title={PAGE_HEADS['terms-of-service-page'].title}
      width="medium"
      intro={<p>Effective {EFFECTIVE_DATE}. Please read these terms carefully.</p>}
    >
      <nav className="terms__contents" aria-label="Contents">
        <h2 className="terms__contents-title">Contents</h2>
        <ol>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose">
        {SECTIONS.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.body}
          </section>
        ))}
      </div>
    </Page>
  );
}
