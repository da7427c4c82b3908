import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { TileBadges } from '../../features/eligibility/components/eligibility-panel';
import { JobSearch } from '../../features/jobs/components/job-search/job-search';
import { JobAlertOffer } from '../router';

// "Can I take these jobs?" (BEYOND §7): its code loads apart from the page's, asked for as soon as the
// page's own code runs, and the visa rules only once the teacher has answered. Once its code is here
// (on the server, loaded with the page before it listens) the panel renders at once: a React.lazy
// part suspends the first time it renders even then, which makes the server's first render of /jobs
// one that waits, where React sends a large part apart behind an inline script our CSP refuses.
type EligibilityPanelModule = typeof import('../../features/eligibility/components/eligibility-panel');
let eligibilityPanel: EligibilityPanelModule | undefined;
const loadingEligibilityPanel = import('../../features/eligibility/components/eligibility-panel').then(
  (module) => (eligibilityPanel = module),
);
const LoadingEligibilityPanel = lazy(() =>
  loadingEligibilityPanel.then((module) => ({ default: module.EligibilityPanel })),
);

function EligibilityPanel(props: ComponentProps<EligibilityPanelModule['EligibilityPanel']>) {
  // Chosen once per mount: switching from the lazy part to the loaded one on a later render would be
  // another component to React, which would mount the panel afresh and lose its state (what it said).
  const [Panel] = useState(() => eligibilityPanel?.EligibilityPanel ?? LoadingEligibilityPanel);
  return <Panel {...props} />;
}

/**
 * The job search, with the offer to e-mail new jobs like those shown and the questions that put a visa
 * badge on every tile. The offer's code arrives after the page's (on a page the server rendered, its
 * button is in the HTML already), and its form's code only when the button is pressed.
 */
export function JobsPage() {
  const [tileBadges, setTileBadges] = useState<TileBadges | null>(null);
  return (
    <JobSearch
      searchActions={(search) => (
        <>
          <Suspense>
            <JobAlertOffer search={search} />
          </Suspense>
          <Suspense>
            <EligibilityPanel search={search} onTileBadges={setTileBadges} />
          </Suspense>
        </>
      )}
      tileBadge={tileBadges?.of}
    />
  );
}
