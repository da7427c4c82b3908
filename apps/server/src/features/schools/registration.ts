// A school's registration number, checked by its country's own check digits (BEYOND §8). The
// arithmetic is stdnum's (python-stdnum's rules, kept for JavaScript): TeachEast only says which
// national number each country's schools give.
import type { Country } from '@teacheast/shared';
import { stdnum } from 'stdnum';

/** The register each country's schools are checked against: the stdnum country and number. */
const REGISTERS: Record<Country, { country: string; number: string; name: string }> = {
  'south-korea': { country: 'KR', number: 'brn', name: 'business registration number' },
  china: { country: 'CN', number: 'uscc', name: 'unified social credit code' },
  japan: { country: 'JP', number: 'cn', name: 'corporate number' },
  taiwan: { country: 'TW', number: 'ubn', name: 'unified business number' },
  thailand: { country: 'TH', number: 'tin', name: 'tax identification number' },
  vietnam: { country: 'VN', number: 'mst', name: 'tax number (MST)' },
  indonesia: { country: 'ID', number: 'npwp', name: 'tax number (NPWP)' },
};

export type RegistrationCheck = { valid: true; compact: string } | { valid: false; message: string };

/** The name of the number a school of `country` gives, e.g. "business registration number". */
export function registrationNameOf(country: Country): string {
  return REGISTERS[country].name;
}

/** Whether `number` is a well-formed registration number of `country`, and its compact form. */
export function checkRegistration(country: Country, number: string): RegistrationCheck {
  const register = REGISTERS[country];
  const validator = stdnum[register.country]?.[register.number];
  if (!validator) throw new Error(`stdnum has no ${register.country} ${register.number}`);
  const result = validator.validate(number);
  if (result.isValid) return { valid: true, compact: result.compact };
  return { valid: false, message: `This is not a valid ${register.name}: check each digit` };
}
