import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

interface Scam {
  id: string;
  title: string;
  signs: string[];
  instead: string;
}

// The scams teachers going abroad meet most, each with the signs to look for and what to do.
const SCAMS: Scam[] = [
  {
    id: 'fees',
    title: 'Fees for the job',
    signs: [
      'An “application”, “placement”, “registration” or “processing” fee before you are hired.',
      'A deposit “to hold the position” or “for the apartment”, paid by you, up front.',
      'A visa fee you must send to a person rather than pay at a consulate or immigration office.',
    ],
    instead:
      'Real schools and honest recruiters are paid by the school, never by the teacher. TeachEast never asks teachers for money, and neither should anyone you meet here.',
  },
  {
    id: 'visas',
    title: 'The wrong visa',
    signs: [
      'You are told to come on a tourist visa, a visa-free entry or a business visa and “sort the papers out later”.',
      'The school will not name the work permit it sponsors, or names one you cannot get.',
      'A “visa run” every few months is part of the plan.',
    ],
    instead:
      'Teaching on a tourist or business visa is illegal in every country on TeachEast: you can be fined, deported and banned. Ask which work permit the school sponsors and check you qualify for it (the Visa and eligibility part of each posting helps).',
  },
  {
    id: 'passports',
    title: 'Passports and documents kept',
    signs: [
      'The school wants to keep your passport “for safety” or until the contract ends.',
      'Original degrees or criminal record checks are asked for by post before any interview.',
    ],
    instead:
      'Keep your passport yourself. A school may see it and copy it for the visa, nothing more. Send copies of documents until you have a signed contract, and originals only to the immigration office or the consulate that asks for them.',
  },
  {
    id: 'look-alikes',
    title: 'Look-alike schools and addresses',
    signs: [
      'An e-mail from a free mail service, or a messenger ID, in place of the school’s own address.',
      'A website or e-mail address one letter away from a well-known school’s.',
      'A school you cannot find on a map, or whose registration number does not check out.',
    ],
    instead:
      'Look the school up: its page on TeachEast shows every job it has posted, since when, and the date its registration was checked. Write to the school through the address on its own website.',
  },
];

export function SafetyPage() {
  return (
    <Page
      title={PAGE_HEADS['safety-page'].title}
      width="medium"
      intro={
        <p>
          <strong>TeachEast never asks teachers for money.</strong> These are the common scams teachers going abroad
          meet, how to spot them, and what to do.
        </p>
      }
    >
      <nav className="terms__contents" aria-label="Contents">
        <h2 className="terms__contents-title">Contents</h2>
        <ol>
          {SCAMS.map((scam) => (
            <li key={scam.id}>
              <a href={`#${scam.id}`}>{scam.title}</a>
            </li>
          ))}
          <li>
            <a href="#report">If something looks wrong</a>
          </li>
        </ol>
      </nav>
      <div className="prose">
        {SCAMS.map((scam) => (
          <section key={scam.id} id={scam.id} aria-labelledby={`${scam.id}-title`}>
            <h2 id={`${scam.id}-title`}>{scam.title}</h2>
            <p>Signs to look for:</p>
            <ul>
              {scam.signs.map((sign) => (
                <li key={sign}>{sign}</li>
              ))}
            </ul>
            <p>{scam.instead}</p>
          </section>
        ))}
        <section id="report" aria-labelledby="report-title">
          <h2 id="report-title">If something looks wrong</h2>
          <p>
            Use <strong>Report this job</strong> on the posting: TeachEast reads every report, and a job several
            teachers report for asking for money, a fake school or suspicious contact details is taken out of search
            until it is checked. Do not send money, documents or your passport while you wait. You can also write to us
            through the <Link to={paths.contactUs()}>Contact Us</Link> page.
          </p>
        </section>
      </div>
    </Page>
  );
}
