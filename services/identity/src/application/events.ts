import type { Branch, CompanyInput, PayloadOf, PosConfiguration } from '@erp/contracts';

export function branchEventPayload(b: Branch): PayloadOf<'branchCreated'> {
  return {
    id: b.id,
    code: b.code,
    arabicName: b.arabicName,
    englishName: b.englishName,
    isMaster: b.isMaster,
    decimalDigits: b.decimalDigits,
    timezone: b.timezone,
    defaultCustomerId: b.defaultCustomerId,
    defaultStoreId: b.defaultStoreId,
    policies: b.policies,
    switches: b.switches,
    maxAccountLevel: b.maxAccountLevel,
    accountLinks: b.accountLinks,
  };
}

/** The company as the other services keep it: its data and its POS settings (saved by their own route). */
export function companyEventPayload(c: CompanyInput, pos: PosConfiguration): PayloadOf<'companyChanged'> {
  return {
    arabicName: c.arabicName,
    englishName: c.englishName,
    taxNumber: c.taxNumber,
    taxPercentage: c.taxPercentage,
    country: c.country,
    currency: c.currency,
    fiscalYearStart: c.fiscalYearStart,
    fiscalYearEnd: c.fiscalYearEnd,
    businessTypes: c.businessTypes,
    posConfiguration: pos,
  };
}
