import type { CountryCode } from 'libphonenumber-js/max';
import { normalisePhone, plausiblePhone } from './phone-shape';

/**
 * The phone rule in the browser (the web build puts this module in place of `phone-check.ts`): the full metadata
 * (≈ 45 KB gz) is fetched only where a phone is validated, so a screen without a phone field (a document form)
 * never loads it (issue 12, the first screen comes fast). A form with a phone field awaits `loadPhoneRules()`
 * before it shows (the master-data form does); until the metadata is there a number is checked for its shape
 * only and the server, which always uses the full metadata, has the last word.
 */
type Rules = typeof import('libphonenumber-js/max');
let rules: Rules | undefined;
let loading: Promise<void> | undefined;

export function loadPhoneRules(): Promise<void> {
  loading ??= import(/* webpackChunkName: "phone-rules" */ 'libphonenumber-js/max').then((m) => {
    rules = m;
  });
  return loading;
}

export function isValidPhone(raw: string, country: CountryCode = 'SA'): boolean {
  if (!rules) {
    void loadPhoneRules();
    return plausiblePhone(raw);
  }
  const phone = rules.parsePhoneNumberFromString(normalisePhone(raw), country);
  return phone !== undefined && phone.isValid();
}
