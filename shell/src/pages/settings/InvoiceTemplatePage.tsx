import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import {
  defaultPrintTemplate,
  printTemplateDocuments,
  printTemplatesSchema,
  type Company,
  type PrintTemplate,
  type PrintTemplateDocument,
  type PrintTemplates,
} from '@erp/contracts';
import { label } from '@erp/i18n';
import { useApi } from '../../app/ServicesContext';
import { Loading } from '../../app/guards';
import { Check, Field, FormSection, ScreenHeader } from '../../components/Field';
import { apiFieldErrors, issuesToFieldErrors, type FieldErrors } from '../../components/form-errors';
import { useNotify } from '../../components/notify';
import { useShellSelector } from '../../state/store';

type Full = Record<PrintTemplateDocument, PrintTemplate>;

/**
 * /invoice-template (editCompany; the spec's 'invoice template'): per sales document type, whether its print shows
 * the notes and the signature lines, and a text above and below it. Prints read them with the company (StartUp).
 */
export function InvoiceTemplatePage() {
  const { t } = useTranslation('shell');
  const api = useApi();
  const notify = useNotify();
  const language = useShellSelector((s) => s.ui.language);
  const [form, setForm] = useState<Full | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const full = (saved: PrintTemplates | undefined) =>
      Object.fromEntries(
        printTemplateDocuments.map((d) => [d, { ...defaultPrintTemplate, ...saved?.[d] }]),
      ) as Full;
    api.get<Company>('Company').then(
      (c) => live && setForm(full(c.printTemplates)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  const clientErrors = useMemo<FieldErrors>(() => {
    if (!form) return {};
    const result = printTemplatesSchema.safeParse(form);
    return result.success ? {} : issuesToFieldErrors(result.error.issues, language);
  }, [form, language]);

  if (!form) return <Loading />;
  const errors = { ...serverErrors, ...clientErrors };
  const set = (d: PrintTemplateDocument, patch: Partial<PrintTemplate>) => {
    setForm({ ...form, [d]: { ...form[d], ...patch } });
    setServerErrors({});
  };

  const save = async () => {
    if (Object.keys(clientErrors).length || busy) return;
    setBusy(true);
    try {
      await api.put<PrintTemplates>('Company/PrintTemplates', form);
      notify.saved();
    } catch (error) {
      if (isApiError(error) && error.status === 400) setServerErrors(apiFieldErrors(error));
    }
    setBusy(false);
  };

  return (
    <section className="erp-screen" data-testid="invoice-template-screen">
      <ScreenHeader title={t('titles.invoiceTemplate')}>
        <Button
          label={t('screens.common.save')}
          icon="pi pi-check"
          loading={busy}
          disabled={Object.keys(clientErrors).length > 0}
          onClick={() => void save()}
          data-testid="save"
        />
      </ScreenHeader>
      <div className="erp-card erp-form">
        {printTemplateDocuments.map((d) => (
          <FormSection key={d} title={label(language, `documents.${d}`)}>
            {(['showNotes', 'showSignatures'] as const).map((k) => (
              <Check key={k} id={`template-${d}-${k}`} label={t(`screens.invoiceTemplate.${k}`)}>
                <Checkbox
                  inputId={`template-${d}-${k}`}
                  checked={form[d][k]}
                  onChange={(e) => set(d, { [k]: Boolean(e.checked) })}
                />
              </Check>
            ))}
            {(['headerText', 'footerText'] as const).map((k) => (
              <Field
                key={k}
                id={`template-${d}-${k}`}
                label={t(`screens.invoiceTemplate.${k}`)}
                error={errors[`${d}.${k}`]}
                hint={t('screens.invoiceTemplate.textHint')}
                wide
              >
                <InputTextarea
                  id={`template-${d}-${k}`}
                  rows={2}
                  value={form[d][k]}
                  invalid={Boolean(errors[`${d}.${k}`])}
                  onChange={(e) => set(d, { [k]: e.target.value })}
                />
              </Field>
            ))}
          </FormSection>
        ))}
      </div>
    </section>
  );
}
