// The visa rules module (rules-check.ts) loaded once, when the /jobs panel first needs it (the posting's
// panel brings it with its own code).
import { useEffect, useState } from 'react';

type RulesModule = typeof import('./rules-check');

let loading: Promise<RulesModule> | undefined;
let loaded: RulesModule | null = null;

function loadEligibilityRules(): Promise<RulesModule> {
  loading ??= import('./rules-check').then(
    (rules) => (loaded = rules),
    (error: unknown) => {
      // A failed download (a new deployment, a lost connection) is tried again next time.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The rules once they are here; they are asked for when `isWanted` (and stay once loaded). */
export function useEligibilityRules(isWanted: boolean): RulesModule | null {
  const [rules, setRules] = useState(loaded);
  useEffect(() => {
    if (!isWanted || rules) return;
    let isCurrent = true;
    loadEligibilityRules().then(
      (module) => isCurrent && setRules(module),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [isWanted, rules]);
  return rules;
}
