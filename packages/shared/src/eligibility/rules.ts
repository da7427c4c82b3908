// The product's visa rules (BEYOND §7), one file read by the browser and the server alike.
import type { EligibilityRules } from './eligibility.js';
import rulesFile from './rules.json' with { type: 'json' };

/**
 * rules.json as it is, typed but not checked: the server checks it at start-up with
 * `parseEligibilityRules` and refuses to start on a bad file, and eligibility.test.ts checks it on
 * every run; the browser takes it as it is, so that zod stays out of the first download.
 */
export const ELIGIBILITY_RULES = rulesFile as EligibilityRules;

/** Each permit's name by its code ("KR-E2" → "E-2 teaching visa"), as postings and their checks name it. */
export const PERMIT_NAMES: ReadonlyMap<string, string> = new Map(
  ELIGIBILITY_RULES.permits.map((rule) => [rule.permit, rule.name]),
);
