import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@erp/api-client';
import type { PrintTemplates } from '@erp/contracts';
import type { Language } from '@erp/i18n';
import { useFeature } from './feature';
import { nameOf } from './master-data/form-model';

/** What a printed page names of its issuer: the company and the branch as StartUp gives them. */
export interface Letterhead {
  company: {
    arabicName: string;
    englishName: string;
    logoUrl?: string | null;
    taxNumber?: string | null;
    commercialRegisterNumber?: string | null;
    /** The print templates per sales document type (the spec's invoice template). */
    printTemplates?: PrintTemplates;
  };
  branches: {
    id: string;
    arabicName: string;
    englishName: string;
    commercialRegistrationNumber?: string | null;
    buildingNumber?: string | null;
    streetName?: string | null;
    district?: string | null;
    city?: string | null;
    postalCode?: string | null;
    additionalNumber?: string | null;
    address?: string | null;
    phone?: string | null;
    /** The branch's time zone: a fiscal document shows its moments in it (design.md 9). */
    timezone?: string | null;
  }[];
}

// one StartUp read per API client: every print of the session uses it
const letterheads = new WeakMap<ApiClient, Promise<Letterhead>>();

function loadLetterhead(api: ApiClient): Promise<Letterhead> {
  let found = letterheads.get(api);
  if (!found) {
    found = api
      .get<{ currentCompany: Letterhead['company']; branches: Letterhead['branches'] }>(
        '/api/aggregates/StartUp',
        undefined,
        { quiet: true },
      )
      .then((s) => ({ company: s.currentCompany, branches: s.branches }));
    found.catch(() => letterheads.delete(api));
    letterheads.set(api, found);
  }
  return found;
}

/** A change of the company's print data (its templates): the next print reads StartUp again. */
export function forgetLetterhead(api: ApiClient): void {
  letterheads.delete(api);
}

/** The company and branch a print names (loaded once per session; null until loaded or when refused). */
export function useLetterhead(): Letterhead | null {
  const { api } = useFeature();
  const [letterhead, setLetterhead] = useState<Letterhead | null>(null);
  useEffect(() => {
    let live = true;
    loadLetterhead(api).then(
      (l) => live && setLetterhead(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return letterhead;
}

/** The branch's national address on one line: building, street, district, city, postal code, additional no. */
export function addressLine(b: Letterhead['branches'][number]): string {
  const parts = [b.buildingNumber, b.streetName, b.district, b.city, b.postalCode, b.additionalNumber]
    .map((p) => (p ?? '').trim())
    .filter(Boolean);
  return parts.length ? parts.join('، ') : (b.address ?? '').trim();
}

/**
 * The head of every printed document and report (issue 12, 'a print header'): the company's logo and name, the
 * branch's name, the VAT and commercial registration numbers, the address, and the document's own title and
 * code. One component for every print.
 */
export function PrintHeader({ title, code }: { title: string; code?: string | undefined }) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const letterhead = useLetterhead();
  const language: Language = context.language;
  const branch = letterhead?.branches.find((b) => b.id === context.branch?.id) ?? null;
  const company = letterhead?.company;
  const cr = branch?.commercialRegistrationNumber || company?.commercialRegisterNumber || '';
  const address = branch ? addressLine(branch) : '';
  return (
    <header className="erp-print__head" data-testid="print-header">
      <div className="erp-print__issuer">
        {company?.logoUrl ? (
          <img className="erp-print__logo" src={company.logoUrl} alt="" data-testid="print-logo" />
        ) : null}
        <div>
          <div className="erp-print__company" data-testid="print-company">
            {company ? nameOf(company, language) : ''}
          </div>
          <div data-testid="print-branch">
            {branch ? nameOf(branch, language) : context.branch ? nameOf(context.branch, language) : ''}
          </div>
          {address ? <div data-testid="print-address">{address}</div> : null}
          {branch?.phone ? <div dir="ltr">{branch.phone}</div> : null}
        </div>
        <dl className="erp-print__ids">
          {company?.taxNumber ? (
            <>
              <dt>{t('print.vatNumber')}</dt>
              <dd data-testid="print-vat">{company.taxNumber}</dd>
            </>
          ) : null}
          {cr ? (
            <>
              <dt>{t('print.crNumber')}</dt>
              <dd data-testid="print-cr">{cr}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <h1 data-testid="print-title">
        {title}
        {code ? <span className="erp-print__code"> {code}</span> : null}
      </h1>
    </header>
  );
}

/** The signature lines under a printed document or report. */
export function PrintSignatures() {
  const { t } = useTranslation('ui');
  return (
    <div className="erp-print__signatures" data-testid="print-signatures">
      {(['preparedBy', 'receivedBy', 'approvedBy'] as const).map((k) => (
        <div key={k} className="erp-print__signature">
          <span>{t(`print.${k}`)}</span>
          <span className="erp-print__signature-line" />
        </div>
      ))}
    </div>
  );
}
