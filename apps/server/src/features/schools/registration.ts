// A school's registration number, checked by its country's own check digits (BEYOND §8). The
// arithmetic is stdnum's (python-stdnum's rules, kept for JavaScript): TeachEast only says which
// national number each country's schools give.
import { REGISTRATION_NAMES, type Country } from '@teacheast/shared';
// Each country's number from its own file: the package's index loads every country's numbers, 0.15 s
// of the server's start.
import * as krBrn from 'stdnum/lib/cjs/kr/brn.js';
import * as cnUscc from 'stdnum/lib/cjs/cn/uscc.js';
import * as jpCn from 'stdnum/lib/cjs/jp/cn.js';
import * as twUbn from 'stdnum/lib/cjs/tw/ubn.js';
import * as thTin from 'stdnum/lib/cjs/th/tin.js';
import * as vnMst from 'stdnum/lib/cjs/vn/mst.js';
import * as idNpwp from 'stdnum/lib/cjs/id/npwp.js';

/** Each country's schools' national number, as stdnum checks it. */
const REGISTERS: Record<Country, typeof krBrn> = {
  'south-korea': krBrn,
  china: cnUscc,
  japan: jpCn,
  taiwan: twUbn,
  thailand: thTin,
  vietnam: vnMst,
  indonesia: idNpwp,
};

export type RegistrationCheck = { valid: true; compact: string } | { valid: false; message: string };

/** Whether `number` is a well-formed registration number of `country`, and its compact form. */
export function checkRegistration(country: Country, number: string): RegistrationCheck {
  const result = REGISTERS[country].validate(number);
  if (result.isValid) return { valid: true, compact: result.compact };
  return { valid: false, message: `This is not a valid ${REGISTRATION_NAMES[country]}: check each digit` };
}
