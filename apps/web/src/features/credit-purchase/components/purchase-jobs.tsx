// The purchase page's content: what a posting includes, the three credit packs, the balance and
// Create Job (the job wizard's button, handed in by the page).
import { CREDIT_PACKS, CREDIT_PACK_NAMES, POSTING_LIFETIME_DAYS, formatDollars } from '@teacheast/shared';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session';
import { useCredits } from '../api';
import '../credit-purchase.css';

/** The logged-in user's job credits (nothing for a visitor). */
export function CreditBalance() {
  const user = useSessionUser();
  const credits = useCredits(user?.uuid);
  if (!user) return null;
  if (credits.isPending) return <p className="credit-balance">Loading your job credits…</p>;
  if (credits.isError) return <p className="credit-balance">Your job credits could not be loaded.</p>;
  return (
    <p className="credit-balance" aria-live="polite">
      You have <strong>{credits.data}</strong> job {credits.data === 1 ? 'credit' : 'credits'}.
    </p>
  );
}

interface PurchaseJobsProps {
  /** Create Job; `showPacks` brings the focus to the packs when there is no credit to spend. */
  createJobButton: (showPacks: () => void) => ReactNode;
}

export function PurchaseJobs({ createJobButton }: PurchaseJobsProps) {
  const user = useSessionUser();
  const packsHeading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="purchase-jobs">
      <ul className="purchase-jobs__facts">
        <li>You need an account to post a job.</li>
        <li>Each posting lasts {POSTING_LIFETIME_DAYS} days.</li>
        <li>Add up to 15 photos plus a tile image.</li>
        <li>Your posting is always editable from the account page.</li>
        <li>Preview your posting before it goes live.</li>
      </ul>
      {user ? (
        <CreditBalance />
      ) : (
        <p>
          <Link to={paths.register()}>Create an account</Link> or <Link to={paths.login()}>log in</Link> to buy job
          credits and post a job.
        </p>
      )}
      <div className="purchase-jobs__create">
        {createJobButton(() => packsHeading.current?.focus())}
        <p className="purchase-jobs__note">Creating a job uses one job credit.</p>
      </div>
      <h2 ref={packsHeading} tabIndex={-1} className="purchase-jobs__packs-title">
        Buy job credits
      </h2>
      <ul className="credit-packs">
        {CREDIT_PACK_NAMES.map((name) => {
          const pack = CREDIT_PACKS[name];
          return (
            <li key={name} className="credit-pack card">
              <p className="credit-pack__label">{pack.label}</p>
              <p className="credit-pack__price">{formatDollars(pack.amountCents)}</p>
              <p className="credit-pack__each">{formatDollars(pack.amountCents / pack.credits)} per job</p>
              <Link className="button button--secondary" to={user ? paths.purchaseForm(name) : paths.register()}>
                Buy {pack.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
