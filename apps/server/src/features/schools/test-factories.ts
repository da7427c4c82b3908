// Test factories for school profiles: schools made through the API, an operator made as the admin
// command makes one, and a real registration number of each country (with one digit wrong).
import type { Country, OwnSchool, PendingVerification, SchoolCreateInput } from '@teacheast/shared';
import type { TestApp, TestUser } from '../../../test/harness.js';
import { createUser } from '../../../test/harness.js';
import { setOperator } from '../operators/service.js';

/** A valid number of each country as a school would type it, its compact form, and one with a wrong check digit. */
export const REGISTRATION_NUMBERS: Record<Country, { valid: string; compact: string; wrong: string; name: string }> = {
  'south-korea': {
    valid: '116-82-00276',
    compact: '1168200276',
    wrong: '116-82-00277',
    name: 'business registration number',
  },
  china: {
    valid: '91110000600037341L',
    compact: '91110000600037341L',
    wrong: '91110000600037342L',
    name: 'unified social credit code',
  },
  japan: { valid: '5-8356-7825-6246', compact: '5835678256246', wrong: '6-8356-7825-6246', name: 'corporate number' },
  taiwan: { valid: '00501503', compact: '00501503', wrong: '00501504', name: 'unified business number' },
  thailand: {
    valid: '0994000617721',
    compact: '0994000617721',
    wrong: '0994000617722',
    name: 'tax identification number',
  },
  vietnam: { valid: '0100233488', compact: '0100233488', wrong: '0100233489', name: 'tax number (MST)' },
  indonesia: {
    valid: '01.312.166.0-091.000',
    compact: '013121660091000',
    wrong: '01.312.166.1-091.000',
    name: 'tax number (NPWP)',
  },
};

/** A city of each country's list. */
export const CITY_OF: Record<Country, string> = {
  'south-korea': 'Seoul',
  china: 'Beijing',
  japan: 'Tokyo',
  taiwan: 'Taipei City',
  thailand: 'Bangkok',
  vietnam: 'Hanoi',
  indonesia: 'Jakarta',
};

/** A school of `user`, made through POST /api/schools (a Tokyo language centre unless told otherwise). */
export async function createSchool(
  t: TestApp,
  user: TestUser,
  fields: Partial<SchoolCreateInput> = {},
): Promise<OwnSchool> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/schools',
    headers: user.auth,
    payload: { name: 'Sakura English', country: 'japan', city: 'Tokyo', kind: 'language_centre', ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`create school failed: ${res.statusCode} ${res.body}`);
  return res.json<{ school: OwnSchool }>().school;
}

/** A signed-in operator, made as `npm run admin -- operators add <email>` makes one. */
export async function createOperator(t: TestApp): Promise<TestUser> {
  const user = await createUser(t);
  const change = await setOperator(t.db, user.email, true, t.clock.now());
  if (change !== 'added') throw new Error(`setOperator answered ${change}`);
  return user;
}

/** The waiting check of the school `slug`, as the operators' queue lists it. */
export async function pendingCheckOf(t: TestApp, operator: TestUser, slug: string): Promise<PendingVerification> {
  const res = await t.inject({ method: 'GET', url: '/api/operator/verifications', headers: operator.auth });
  if (res.statusCode !== 200) throw new Error(`queue failed: ${res.statusCode} ${res.body}`);
  const found = res.json<{ verifications: PendingVerification[] }>().verifications.find((v) => v.school.slug === slug);
  if (!found) throw new Error(`no waiting check of ${slug}`);
  return found;
}
