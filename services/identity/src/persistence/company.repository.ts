import {
  businessTypes,
  formatDecimal,
  fromStored,
  posConfigurationOf,
  printTemplatesOf,
  toStored,
  type Company,
  type CompanyInput,
  type PosConfiguration,
  type PrintTemplates,
} from '@erp/contracts';
import { nowIso, parseJson, type TenantScope } from '@erp/service-kit';

type Row = Record<string, unknown>;

function toCompany(row: Row): Company {
  return {
    arabicName: String(row.arabic_name),
    englishName: String(row.english_name),
    logoUrl: String(row.logo_url),
    fiscalYearStart: String(row.fiscal_year_start),
    fiscalYearEnd: String(row.fiscal_year_end),
    phones: parseJson<string[]>(row.phones, []),
    fax: String(row.fax),
    taxNumber: String(row.tax_number),
    taxPercentage: formatDecimal(fromStored(row.tax_percentage as number), 2),
    commercialRegisterNumber: String(row.commercial_register_number),
    country: String(row.country),
    currency: String(row.currency),
    businessTypes: businessTypes.parse(parseJson(row.business_types, {})),
    printTemplates: printTemplatesOf(parseJson(row.print_templates, {})),
    posConfiguration: posConfigurationOf(parseJson(row.pos_configuration, {})),
  };
}

function toRow(c: CompanyInput): Row {
  return {
    arabic_name: c.arabicName,
    english_name: c.englishName,
    logo_url: c.logoUrl,
    fiscal_year_start: c.fiscalYearStart,
    fiscal_year_end: c.fiscalYearEnd,
    phones: JSON.stringify(c.phones),
    fax: c.fax,
    tax_number: c.taxNumber,
    tax_percentage: toStored(c.taxPercentage),
    commercial_register_number: c.commercialRegisterNumber,
    country: c.country,
    currency: c.currency,
    business_types: JSON.stringify(c.businessTypes),
    updated_at: nowIso(),
  };
}

export const companyRepository = {
  async get(s: TenantScope): Promise<Company | null> {
    const row = await s('company').first();
    return row ? toCompany(row) : null;
  },
  async insert(s: TenantScope, c: CompanyInput): Promise<void> {
    await s.insert('company', toRow(c));
  },
  async update(s: TenantScope, c: CompanyInput): Promise<void> {
    await s('company').update(toRow(c));
  },
  async updatePrintTemplates(s: TenantScope, templates: PrintTemplates): Promise<void> {
    await s('company').update({ print_templates: JSON.stringify(templates), updated_at: nowIso() });
  },
  async updatePosConfiguration(s: TenantScope, pos: PosConfiguration): Promise<void> {
    await s('company').update({ pos_configuration: JSON.stringify(pos), updated_at: nowIso() });
  },
};
