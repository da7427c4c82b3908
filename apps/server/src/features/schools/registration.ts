// A school's registration number, checked by its country's own check digits (BEYOND §8). The
// arithmetic is stdnum's (python-stdnum's rules, kept for JavaScript): TeachEast only says which
// national number each country's schools give.
import { REGISTRATION_NAMES, type Country } from '@teacheast/shared';
import { stdnum } from 'stdnum';

/** The register each country's schools are checked against: the stdnum country and number. */
const REGISTERS: Record<Country, { country: string; number: string }> = {
  'south-korea': { country: 'KR', number: 'brn' },
  china: { country: 'CN', number: 'uscc' },
  japan: { country: 'JP', number: 'cn' },
  taiwan: { country: 'TW', number: 'ubn' },
  thailand: { country: 'TH', number: 'tin' },
  vietnam: { country: 'VN', number: 'mst' },
  indonesia: { country: 'ID', number: 'npwp' },
};

export type RegistrationCheck = { valid: true; compact: string } | { valid: false; message: string };

/** Whether `number` is a well-formed registration number of `country`, and its compact form. */
export function checkRegistration(country: Country, number: string): RegistrationCheck {
  const register = REGISTERS[country];
  const validator = stdnum[register.country]?.[register.number];
  if (!validator) throw new Error(`stdnum has no ${register.country} ${register.number}`);
  const result = validator.validate(number);
  if (result.isValid) return { valid: true, compact: result.compact };
  return { valid: false, message: `This is not a valid ${REGISTRATION_NAMES[country]}: check each digit` };
}
