import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Back and Next (or another primary action) at the bottom of a wizard step. */
export function WizardNav({ backTo, children }: { backTo?: string; children?: ReactNode }) {
  return (
    <div className="wizard-nav">
      {backTo ? (
        <Link className="button button--secondary" to={backTo}>
          Back
        </Link>
      ) : (
        <span />
      )}
      {children}
    </div>
  );
}
