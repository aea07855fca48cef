import type { Branch, CompanyInput, PayloadOf } from '@erp/contracts';

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

export function companyEventPayload(c: CompanyInput): PayloadOf<'companyChanged'> {
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
  };
}
