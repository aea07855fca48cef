import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import {
  buildScaleBarcode,
  readScaleBarcode,
  scaleLabelConfigOf,
  scaleModes,
  scalePrefixes,
  type Company,
  type PosConfiguration,
} from '@erp/contracts';
import { useApi } from '../../app/ServicesContext';
import { Loading } from '../../app/guards';
import { Field, FormSection, ScreenHeader } from '../../components/Field';
import { apiFieldErrors, type FieldErrors } from '../../components/form-errors';
import { useNotify } from '../../components/notify';

/** The example's item: scale code 12345, weighed at 1.250 kg or priced at 12.50. */
const EXAMPLE_CODE = '12345';
const EXAMPLE_VALUE = { weight: '1.25', price: '12.5' } as const;

/**
 * /posConfigurations (editCompany; issue 15): how the company's scales print their labels, the prefix (20 to 29)
 * and whether the label carries the weight or the price. Tills read it with the company; inventory's barcode
 * lookup reads scanned labels by it. A live example shows a label for the choice, part by part.
 */
export function PosConfigurationPage() {
  const { t } = useTranslation('shell');
  const api = useApi();
  const notify = useNotify();
  const [form, setForm] = useState<PosConfiguration | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.get<Company>('Company').then(
      (c) => live && setForm(c.posConfiguration),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (!form) return <Loading />;
  const set = (patch: Partial<PosConfiguration>) => {
    setForm({ ...form, ...patch });
    setErrors({});
  };

  const save = async () => {
    if (busy) return;
    setBusy(true);
    try {
      setForm(await api.put<PosConfiguration>('Company/PosConfiguration', form));
      notify.saved();
    } catch (error) {
      if (isApiError(error) && error.status === 400) setErrors(apiFieldErrors(error));
    }
    setBusy(false);
  };

  // the example label, built and read back by the same rules the barcode lookup uses
  const config = scaleLabelConfigOf(form);
  const label = buildScaleBarcode(config, EXAMPLE_CODE, EXAMPLE_VALUE[form.scaleMode]);
  const read = readScaleBarcode(label, config);
  const meaning =
    read.scale && read.ok
      ? 'weight' in read
        ? t('screens.posConfigurations.readsWeight', { code: read.scaleCode, weight: read.weight })
        : t('screens.posConfigurations.readsPrice', { code: read.scaleCode, price: read.price })
      : '';
  const parts = [
    { key: 'prefix', digits: label.slice(0, 2) },
    { key: 'scaleCode', digits: label.slice(2, 7) },
    { key: form.scaleMode, digits: label.slice(7, 12) },
    { key: 'checkDigit', digits: label.slice(12) },
  ] as const;

  return (
    <section className="erp-screen" data-testid="pos-configuration-screen">
      <ScreenHeader title={t('titles.posConfigurations')}>
        <Button
          label={t('screens.common.save')}
          icon="pi pi-check"
          loading={busy}
          onClick={() => void save()}
          data-testid="save"
        />
      </ScreenHeader>
      <div className="erp-card erp-form">
        <FormSection title={t('screens.posConfigurations.scales')}>
          <p className="erp-muted erp-field--wide" data-testid="pos-explanation">
            {t('screens.posConfigurations.explanation')}
          </p>
          <Field
            id="pos-scalePrefix"
            label={t('screens.posConfigurations.scalePrefix')}
            hint={t('screens.posConfigurations.scalePrefixHint')}
            error={errors.scalePrefix}
          >
            <Dropdown
              inputId="pos-scalePrefix"
              data-testid="pos-scalePrefix"
              value={form.scalePrefix}
              options={scalePrefixes.map((p) => ({ value: p, label: p }))}
              invalid={Boolean(errors.scalePrefix)}
              onChange={(e) => set({ scalePrefix: e.value as PosConfiguration['scalePrefix'] })}
            />
          </Field>
          <div className="erp-field" role="radiogroup" aria-labelledby="pos-scaleMode-label">
            <span id="pos-scaleMode-label" className="erp-field__label">
              {t('screens.posConfigurations.scaleMode')}
            </span>
            {scaleModes.map((mode) => (
              <div key={mode} className="erp-check">
                <RadioButton
                  inputId={`pos-scaleMode-${mode}`}
                  name="scaleMode"
                  value={mode}
                  checked={form.scaleMode === mode}
                  onChange={() => set({ scaleMode: mode })}
                />
                <label htmlFor={`pos-scaleMode-${mode}`}>
                  {t(`screens.posConfigurations.modes.${mode}`)}
                </label>
              </div>
            ))}
            {errors.scaleMode ? (
              <small className="p-error" role="alert">
                {errors.scaleMode}
              </small>
            ) : null}
          </div>
        </FormSection>
        <FormSection title={t('screens.posConfigurations.example')}>
          <div className="erp-field erp-field--wide">
            {/* a barcode reads left to right in every language, and its parts in the same order under it */}
            <bdi dir="ltr" className="erp-scale-label" data-testid="pos-example-label">
              {label}
            </bdi>
            <dl className="erp-scale-label__parts" dir="ltr">
              {parts.map((p) => (
                <div key={p.key}>
                  <dt>{t(`screens.posConfigurations.parts.${p.key}`)}</dt>
                  <dd>
                    <bdi dir="ltr" data-testid={`pos-example-${p.key}`}>
                      {p.digits}
                    </bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <small className="erp-muted" data-testid="pos-example-meaning">
              {meaning}
            </small>
          </div>
        </FormSection>
      </div>
    </section>
  );
}
