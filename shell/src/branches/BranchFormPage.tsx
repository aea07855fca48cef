import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@erp/router';
import { isApiError } from '@erp/api-client';
import { branchInput, type Branch } from '@erp/contracts';
import { useApi } from '../app/ServicesContext';
import { Loading } from '../app/guards';
import { Check, Field, FormSection, ScreenHeader } from '../components/Field';
import { apiFieldErrors, issuesToFieldErrors, type FieldErrors } from '../components/form-errors';
import { useNotify } from '../components/notify';
import { pathTo } from '../settings/shell-routes';
import { startUpDone } from '../state/session';
import { useShellDispatch, useShellSelector } from '../state/store';
import { loadWorkspace } from '../state/workspace';
import { AccountLinksSection } from './AccountLinksSection';
import {
  EMPTY_BRANCH,
  branchPayload,
  branchToForm,
  policyOptions,
  switchNames,
  timeZones,
  type BranchForm,
} from './branch-form';

export type BranchMode = 'new' | 'edit' | 'preview' | 'startUp';

type TextKey =
  | 'code'
  | 'arabicName'
  | 'englishName'
  | 'phone'
  | 'commercialRegistrationNumber'
  | 'buildingNumber'
  | 'streetName'
  | 'district'
  | 'city'
  | 'postalCode'
  | 'additionalNumber'
  | 'profitMargin'
  | 'discountLevel';

const DIGITS: Partial<Record<TextKey, number>> = {
  commercialRegistrationNumber: 10,
  buildingNumber: 4,
  postalCode: 5,
  additionalNumber: 4,
};

/**
 * /branches/new, /branches/edit/:id, /branches/preview/:id (read-only: the master branch) and the new tenant's
 * start-up screen /branches/startUp/:id (full layout; saving it ends the start-up).
 */
export function BranchFormPage({ mode }: { mode: BranchMode }) {
  const { id } = useParams();
  const { t } = useTranslation('shell');
  const api = useApi();
  const navigate = useNavigate();
  const notify = useNotify();
  const dispatch = useShellDispatch();
  const language = useShellSelector((s) => s.ui.language);
  const [form, setForm] = useState<BranchForm | null>(mode === 'new' ? EMPTY_BRANCH : null);
  const [isMaster, setIsMaster] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);

  useEffect(() => {
    if (!id || mode === 'new') return;
    let live = true;
    api.get<Branch>('Branches', id).then(
      (b) => {
        if (!live) return;
        setForm(branchToForm(b));
        setIsMaster(b.isMaster);
      },
      () => live && navigate(mode === 'startUp' ? '/' : pathTo('branches'), { replace: true }),
    );
    return () => {
      live = false;
    };
  }, [api, id, mode, navigate]);

  const clientErrors = useMemo<FieldErrors>(() => {
    if (!form || !submitted) return {};
    const result = branchInput.safeParse(branchPayload(form));
    return result.success ? {} : issuesToFieldErrors(result.error.issues, language);
  }, [form, submitted, language]);

  if (!form) return <Loading />;
  // the master branch is read-only whatever the route (spec section 4)
  const readOnly = mode === 'preview' || isMaster;
  const errors = { ...serverErrors, ...clientErrors };
  const set = <K extends keyof BranchForm>(key: K, value: BranchForm[K]) => {
    setForm({ ...form, [key]: value });
    if (serverErrors[key]) setServerErrors(({ [key]: _, ...rest }) => rest);
  };
  const text = (key: TextKey, options: { ltr?: boolean; disabled?: boolean } = {}) => (
    <Field
      id={`branch-${key}`}
      label={t(`screens.branches.${key}`)}
      error={errors[key]}
      hint={DIGITS[key] ? t('screens.common.digits', { count: DIGITS[key] }) : undefined}
    >
      <InputText
        id={`branch-${key}`}
        name={key}
        value={form[key]}
        dir={options.ltr || DIGITS[key] ? 'ltr' : undefined}
        inputMode={DIGITS[key] ? 'numeric' : undefined}
        maxLength={DIGITS[key]}
        disabled={readOnly || options.disabled}
        invalid={Boolean(errors[key])}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );
  const integer = (
    key: 'decimalDigits' | 'allowancePeriod' | 'maxAccountLevel',
    min: number,
    max?: number,
  ) => (
    <Field id={`branch-${key}`} label={t(`screens.branches.${key}`)} error={errors[key]}>
      <InputNumber
        inputId={`branch-${key}`}
        value={form[key]}
        min={min}
        max={max}
        useGrouping={false}
        showButtons
        disabled={readOnly}
        invalid={Boolean(errors[key])}
        onValueChange={(e) => set(key, e.value ?? min)}
      />
    </Field>
  );
  const time = (key: 'dayStartTime' | 'dayEndTime') => (
    <Field id={`branch-${key}`} label={t(`screens.branches.${key}`)} error={errors[key]}>
      <InputText
        id={`branch-${key}`}
        type="time"
        dir="ltr"
        value={form[key]}
        disabled={readOnly}
        invalid={Boolean(errors[key])}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );

  const save = async () => {
    setSubmitted(true);
    const body = branchPayload(form);
    if (!branchInput.safeParse(body).success || busy || readOnly) return;
    setBusy(true);
    try {
      if (mode === 'new') await api.post('Branches', body);
      else await api.put('Branches', body, id);
      notify.saved();
      void dispatch(loadWorkspace());
      if (mode === 'startUp') {
        dispatch(startUpDone());
        navigate('/', { replace: true });
      } else navigate(pathTo('branches'));
    } catch (error) {
      if (isApiError(error) && error.status === 400) setServerErrors(apiFieldErrors(error));
      setBusy(false);
    }
  };

  const title =
    mode === 'startUp'
      ? t('titles.branchStartUp')
      : mode === 'new'
        ? t('titles.branchNew')
        : readOnly
          ? t('titles.branchPreview')
          : t('titles.branchEdit');

  return (
    <section
      className={`erp-screen${mode === 'startUp' ? ' erp-startup' : ''}`}
      data-testid="branch-form"
      data-readonly={readOnly}
    >
      <ScreenHeader title={title}>
        {mode !== 'startUp' ? (
          <Button
            label={t('screens.common.back')}
            icon="pi pi-arrow-left erp-flip"
            severity="secondary"
            outlined
            onClick={() => navigate(pathTo('branches'))}
          />
        ) : null}
        {!readOnly ? (
          <Button
            label={t('screens.common.save')}
            icon="pi pi-check"
            loading={busy}
            onClick={() => void save()}
            data-testid="save"
          />
        ) : null}
      </ScreenHeader>
      {mode === 'startUp' ? (
        <Message severity="info" text={t('screens.branches.startUpHint')} className="erp-banner" />
      ) : null}
      {readOnly ? (
        <Message
          severity="warn"
          text={t('screens.branches.masterReadOnly')}
          className="erp-banner"
          data-testid="master-read-only"
        />
      ) : null}
      <div className="erp-card erp-form">
        <FormSection title={t('screens.branches.general')}>
          {text('code', { ltr: true, disabled: mode !== 'new' })}
          {text('arabicName')}
          {text('englishName')}
          {text('phone', { ltr: true })}
          {integer('decimalDigits', 0, 4)}
          {text('commercialRegistrationNumber')}
          <Field id="branch-timezone" label={t('screens.branches.timezone')} error={errors.timezone}>
            <Dropdown
              inputId="branch-timezone"
              value={form.timezone}
              options={zones}
              filter
              disabled={readOnly}
              onChange={(e) => set('timezone', e.value as string)}
            />
          </Field>
          {time('dayStartTime')}
          {time('dayEndTime')}
          {integer('maxAccountLevel', 1, 12)}
        </FormSection>
        <FormSection title={t('screens.branches.nationalAddress')}>
          {text('buildingNumber')}
          {text('streetName')}
          {text('district')}
          {text('city')}
          {text('postalCode')}
          {text('additionalNumber')}
          <Field id="branch-address" label={t('screens.branches.address')} error={errors.address} wide>
            <InputTextarea
              id="branch-address"
              value={form.address}
              rows={2}
              autoResize
              disabled={readOnly}
              onChange={(e) => set('address', e.target.value)}
            />
          </Field>
        </FormSection>
        <FormSection title={t('screens.branches.sales')}>
          {text('profitMargin', { ltr: true })}
          {integer('allowancePeriod', 0)}
          {text('discountLevel', { ltr: true })}
        </FormSection>
        <FormSection title={t('screens.branches.policies')}>
          {(Object.keys(policyOptions) as (keyof typeof policyOptions)[]).map((policy) => (
            <Field key={policy} id={`branch-policy-${policy}`} label={t(`screens.branches.policy.${policy}`)}>
              <Dropdown
                inputId={`branch-policy-${policy}`}
                value={form.policies[policy]}
                options={policyOptions[policy].map((o) => ({
                  value: o,
                  label: t(`screens.branches.option.${o}`),
                }))}
                disabled={readOnly}
                onChange={(e) => set('policies', { ...form.policies, [policy]: e.value as string })}
              />
            </Field>
          ))}
        </FormSection>
        <FormSection title={t('screens.branches.switches')}>
          {switchNames.map((name) => (
            <Check key={name} id={`branch-switch-${name}`} label={t(`screens.branches.switch.${name}`)}>
              <InputSwitch
                inputId={`branch-switch-${name}`}
                checked={form.switches[name]}
                disabled={readOnly}
                onChange={(e) => set('switches', { ...form.switches, [name]: Boolean(e.value) })}
              />
            </Check>
          ))}
          {errors['switches.automaticPosting'] ? (
            <Message
              severity="error"
              text={errors['switches.automaticPosting']}
              data-testid="automatic-posting-error"
            />
          ) : null}
        </FormSection>
        <AccountLinksSection
          links={form.accountLinks}
          readOnly={readOnly}
          errors={errors}
          onChange={(links) => {
            set('accountLinks', links);
            setServerErrors(({ 'switches.automaticPosting': _, ...rest }) => rest);
          }}
        />
        <FormSection title={t('screens.branches.notes')}>
          <Field id="branch-notes" label={t('screens.branches.notes')} error={errors.notes} wide>
            <InputTextarea
              id="branch-notes"
              value={form.notes}
              rows={3}
              autoResize
              disabled={readOnly}
              onChange={(e) => set('notes', e.target.value)}
            />
          </Field>
        </FormSection>
      </div>
    </section>
  );
}
