import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { normalisePhone } from './phone-shape';

/**
 * The strict phone rule: libphonenumber's full metadata (design.md section 9: Saudi mobiles are 05xxxxxxxx or
 * +9665xxxxxxxx), numbers in international form checked for their own country. The server always uses this
 * module; the web builds replace it with `phone-check.browser.ts`, which fetches the metadata on first use.
 */
export function isValidPhone(raw: string, country: CountryCode = 'SA'): boolean {
  const phone = parsePhoneNumberFromString(normalisePhone(raw), country);
  return phone !== undefined && phone.isValid();
}

/** Here the metadata is always loaded (the browser variant fetches it). */
export function loadPhoneRules(): Promise<void> {
  return Promise.resolve();
}
