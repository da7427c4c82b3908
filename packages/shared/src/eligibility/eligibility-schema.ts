// The zod side of eligibility (BEYOND §7): the rules file's shape, the teacher's facts and the answer.
// Kept apart from eligibility.ts so that code on the first download can use the rules without zod.
import { z } from 'zod';
import { COUNTRY_VALUES } from '../enums.js';
import { COUNTRY_PERMITS, PERMITS } from '../schemas/terms-words.js';
import {
  DEGREES,
  ELIGIBILITY_STATUSES,
  REQUIREMENT_CODES,
  type EligibilityFacts,
  type EligibilityResult,
  type EligibilityRules,
  type PermitRequirement,
  type RequirementCode,
} from './eligibility.js';

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .int({ error: `${what} must be a whole number` })
    .min(min, `${what} must be between ${min} and ${max}`)
    .max(max, `${what} must be between ${min} and ${max}`);

const passportCode = z
  .string({ error: 'Give each passport as its two-letter country code, such as US or GB' })
  .regex(/^[A-Z]{2}$/, 'Give each passport as its two-letter country code, such as US or GB');

/** The teacher's facts; each may be missing (the answer is then `unknown`). */
export const EligibilityFactsSchema = z
  .object({
    passports: z
      .array(passportCode)
      .min(1, 'Give at least one passport')
      .max(3, 'Give at most three passports')
      .refine((codes) => new Set(codes).size === codes.length, 'Give each passport once')
      .optional(),
    degree: z.enum(DEGREES, { error: 'Choose your highest degree' }).optional(),
    teflHours: wholeNumber('TEFL hours', 0, 1000).optional(),
    teachingYears: wholeNumber('Years of teaching', 0, 40).optional(),
  })
  .strict() satisfies z.ZodType<Partial<EligibilityFacts>>;

export const EligibilityResultSchema = z.object({
  status: z.enum(ELIGIBILITY_STATUSES),
  reasons: z.array(z.object({ code: z.string(), text: z.string() })),
  permit: z.string().nullable(),
  rulesReviewedAt: z.string(),
}) satisfies z.ZodType<EligibilityResult>;

// The rules file. Its checks say what is wrong in words, since the server prints the first of them
// when it refuses to start.

const qualificationShape = {
  minDegree: z.enum(['associate', 'bachelor', 'master', 'doctorate']).optional(),
  minTeflHours: z.int().min(1).max(1000).optional(),
  minTeachingYears: z.int().min(1).max(40).optional(),
};

const QualificationSchema = z
  .object(qualificationShape)
  .strict()
  .refine((q) => Object.keys(q).length > 0, 'an alternative needs at least one requirement');

const RequirementSchema = z
  .object({
    ...qualificationShape,
    passports: z.array(passportCode).min(1).optional(),
    anyOf: z.array(QualificationSchema).min(2, 'anyOf needs at least two alternatives').optional(),
  })
  .strict()
  .refine((r) => Object.keys(r).length > 0, 'needs at least one requirement');

/** The codes of the requirements a requirement holds, each answered by a reason of the rule. */
function requirementCodes(requirement: PermitRequirement): RequirementCode[] {
  const codes: RequirementCode[] = [];
  if (requirement.passports) codes.push('passport');
  if (requirement.minDegree) codes.push('degree');
  if (requirement.minTeflHours) codes.push('tefl');
  if (requirement.minTeachingYears) codes.push('teaching_years');
  if (requirement.anyOf) codes.push('qualification');
  return codes;
}

const PermitRuleSchema = z
  .object({
    permit: z.enum(PERMITS),
    country: z.enum(COUNTRY_VALUES),
    name: z.string().min(1),
    requires: RequirementSchema,
    requiresForEnglishTeaching: RequirementSchema.optional(),
    reasons: z.partialRecord(z.enum(REQUIREMENT_CODES), z.string().min(1)),
    notChecked: z.array(z.string().min(1)).optional(),
    sources: z
      .array(
        z
          .object({
            title: z.string().min(1),
            url: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }),
          })
          .strict(),
      )
      .min(1, 'every permit needs at least one public source'),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const permits: readonly string[] = COUNTRY_PERMITS[rule.country];
    if (!permits.includes(rule.permit)) {
      ctx.addIssue({ code: 'custom', path: ['country'], message: `${rule.permit} is not a permit of ${rule.country}` });
    }
    const always = requirementCodes(rule.requires);
    const english = rule.requiresForEnglishTeaching ? requirementCodes(rule.requiresForEnglishTeaching) : [];
    for (const code of english.filter((c) => always.includes(c))) {
      ctx.addIssue({
        code: 'custom',
        path: ['requiresForEnglishTeaching'],
        message: `asks for ${code} again, which requires already asks for`,
      });
    }
    const used = [...always, ...english];
    for (const code of used.filter((c) => !rule.reasons[c])) {
      ctx.addIssue({
        code: 'custom',
        path: ['reasons', code],
        message: 'is missing: every requirement needs its reason',
      });
    }
    for (const code of REQUIREMENT_CODES.filter((c) => rule.reasons[c] && !used.includes(c))) {
      ctx.addIssue({ code: 'custom', path: ['reasons', code], message: 'belongs to no requirement of this permit' });
    }
  });

export const EligibilityRulesSchema = z
  .object({
    reviewedAt: z.iso.date({ error: 'must be a date such as 2026-11-28' }),
    permits: z.array(PermitRuleSchema),
  })
  .strict()
  .superRefine((rules, ctx) => {
    for (const permit of PERMITS) {
      const count = rules.permits.filter((p) => p.permit === permit).length;
      if (count !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['permits'],
          message: count === 0 ? `have no rule for ${permit}` : `have ${count} rules for ${permit}`,
        });
      }
    }
  }) satisfies z.ZodType<EligibilityRules>;

/** `permits.4.reasons.degree` read as `permits[KR-E2].reasons.degree`, so the line names the permit. */
function issuePath(path: readonly PropertyKey[], json: unknown): string {
  if (path.length === 0) return 'the file';
  const segments = path.map(String);
  if (segments[0] === 'permits' && typeof path[1] === 'number' && json && typeof json === 'object') {
    const permits = (json as { permits?: unknown }).permits;
    const entry: unknown = Array.isArray(permits) ? permits[path[1]] : undefined;
    const name = entry && typeof entry === 'object' ? (entry as { permit?: unknown }).permit : undefined;
    if (typeof name === 'string') return [`permits[${name}]`, ...segments.slice(2)].join('.');
  }
  return segments.join('.');
}

/**
 * The rules file checked, or an Error whose message is one line naming every problem, for the
 * server to print when it refuses to start.
 */
export function parseEligibilityRules(json: unknown): EligibilityRules {
  const parsed = EligibilityRulesSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issuePath(issue.path, json)} ${issue.message}`);
  throw new Error(`The eligibility rules file is not valid: ${problems.join('; ').replace(/\s+/g, ' ')}`);
}
