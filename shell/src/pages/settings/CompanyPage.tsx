import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import { companyInput, type Company } from '@erp/contracts';
import { useApi } from '../../app/ServicesContext';
import { Loading } from '../../app/guards';
import { Check, Field, FormSection, ScreenHeader } from '../../components/Field';
import { apiFieldErrors, errorOf, issuesToFieldErrors, type FieldErrors } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { useShellDispatch, useShellSelector } from '../../state/store';
import { loadWorkspace, NO_BUSINESS_TYPES } from '../../state/workspace';

type TextKey =
  | 'arabicName'
  | 'englishName'
  | 'logoUrl'
  | 'fiscalYearStart'
  | 'fiscalYearEnd'
  | 'fax'
  | 'taxNumber'
  | 'taxPercentage'
  | 'commercialRegisterNumber'
  | 'country'
  | 'currency';

/** /company (editCompany): the company, its tax data, fiscal year, phones and business types. */
export function CompanyPage() {
  const { t } = useTranslation('shell');
  const api = useApi();
  const notify = useNotify();
  const dispatch = useShellDispatch();
  const language = useShellSelector((s) => s.ui.language);
  const [form, setForm] = useState<Company | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.get<Company>('Company').then(
      (c) => live && setForm({ ...c, businessTypes: { ...NO_BUSINESS_TYPES, ...c.businessTypes } }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  const clientErrors = useMemo<FieldErrors>(() => {
    if (!form || !submitted) return {};
    const result = companyInput.safeParse(form);
    return result.success ? {} : issuesToFieldErrors(result.error.issues, language);
  }, [form, submitted, language]);

  if (!form) return <Loading />;
  const errors = { ...serverErrors, ...clientErrors };
  const set = <K extends keyof Company>(key: K, value: Company[K]) => {
    setForm({ ...form, [key]: value });
    if (errorOf(serverErrors, key)) setServerErrors({});
  };
  const text = (key: TextKey, options: { ltr?: boolean; type?: string; hint?: string } = {}) => (
    <Field id={`company-${key}`} label={t(`screens.company.${key}`)} error={errors[key]} hint={options.hint}>
      <InputText
        id={`company-${key}`}
        name={key}
        type={options.type}
        value={form[key]}
        dir={options.ltr ? 'ltr' : undefined}
        invalid={Boolean(errors[key])}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );

  const save = async () => {
    setSubmitted(true);
    if (!companyInput.safeParse(form).success || busy) return;
    setBusy(true);
    try {
      const saved = await api.put<Company>('Company', form);
      setForm({ ...saved, businessTypes: { ...NO_BUSINESS_TYPES, ...saved.businessTypes } });
      notify.saved();
      void dispatch(loadWorkspace()); // business types gate the menu
    } catch (error) {
      if (isApiError(error) && error.status === 400) setServerErrors(apiFieldErrors(error));
    }
    setBusy(false);
  };

  return (
    <section className="erp-screen" data-testid="company-screen">
      <ScreenHeader title={t('titles.company')}>
        <Button
          label={t('screens.common.save')}
          icon="pi pi-check"
          loading={busy}
          onClick={() => void save()}
          data-testid="save"
        />
      </ScreenHeader>
      <div className="erp-card erp-form">
        <FormSection title={t('screens.company.identity')}>
          {text('arabicName')}
          {text('englishName')}
          {text('commercialRegisterNumber', { ltr: true })}
          {text('logoUrl', { ltr: true })}
          {text('country', { ltr: true })}
          {text('currency', { ltr: true })}
        </FormSection>
        <FormSection title={t('screens.company.tax')}>
          {text('taxNumber', { ltr: true, hint: t('screens.company.taxNumberHint') })}
          {text('taxPercentage', { ltr: true })}
          {text('fiscalYearStart', { ltr: true, type: 'date' })}
          {text('fiscalYearEnd', { ltr: true, type: 'date' })}
        </FormSection>
        <FormSection title={t('screens.company.contact')}>
          <Field
            id="company-phones"
            label={t('screens.company.phones')}
            error={errorOf(errors, 'phones')}
            hint={t('screens.company.phonesHint')}
          >
            <Chips
              inputId="company-phones"
              value={form.phones}
              max={5}
              separator=","
              addOnBlur
              dir="ltr"
              invalid={Boolean(errorOf(errors, 'phones'))}
              onChange={(e) => set('phones', (e.value ?? []).map((p) => p.trim()).filter(Boolean))}
            />
          </Field>
          {text('fax', { ltr: true })}
        </FormSection>
        <FormSection title={t('screens.company.businessTypes')}>
          {(Object.keys(NO_BUSINESS_TYPES) as (keyof Company['businessTypes'])[]).map((flag) => (
            <Check key={flag} id={`company-bt-${flag}`} label={t(`screens.company.businessType.${flag}`)}>
              <Checkbox
                inputId={`company-bt-${flag}`}
                checked={form.businessTypes[flag]}
                onChange={(e) => set('businessTypes', { ...form.businessTypes, [flag]: Boolean(e.checked) })}
              />
            </Check>
          ))}
        </FormSection>
      </div>
    </section>
  );
}
