// The registration numbers of the seven countries, checked by their own check digits (BEYOND §8):
// a real number of each passes and answers its compact form; the same number with its check digit
// changed is refused with a message that names the country's number.
import { COUNTRY_VALUES, REGISTRATION_NAMES } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { checkRegistration } from './registration.js';
import { REGISTRATION_NUMBERS } from './test-factories.js';

describe('registration numbers by country', () => {
  it('has a register for each of the seven countries', () => {
    expect(Object.keys(REGISTRATION_NUMBERS).sort()).toEqual([...COUNTRY_VALUES].sort());
  });

  for (const country of COUNTRY_VALUES) {
    const numbers = REGISTRATION_NUMBERS[country];

    it(`${country}: accepts a real ${numbers.name} and answers it compact`, () => {
      expect(checkRegistration(country, numbers.valid)).toEqual({ valid: true, compact: numbers.compact });
      // The compact form is a valid number too: the same number typed without separators.
      expect(checkRegistration(country, numbers.compact)).toEqual({ valid: true, compact: numbers.compact });
      expect(REGISTRATION_NAMES[country]).toBe(numbers.name);
    });

    it(`${country}: refuses the number with one digit changed, naming the number`, () => {
      expect(checkRegistration(country, numbers.wrong)).toEqual({
        valid: false,
        message: `This is not a valid ${numbers.name}: check each digit`,
      });
    });

    it(`${country}: refuses text that is no number at all`, () => {
      for (const junk of ['', 'abc', '12', '0'.repeat(40)]) {
        expect(checkRegistration(country, junk).valid, JSON.stringify(junk)).toBe(false);
      }
    });
  }

  it('checks a number against its own country only: a valid Korean number is not a Japanese one', () => {
    expect(checkRegistration('japan', REGISTRATION_NUMBERS['south-korea'].valid).valid).toBe(false);
    expect(checkRegistration('south-korea', REGISTRATION_NUMBERS.japan.valid).valid).toBe(false);
  });
});
