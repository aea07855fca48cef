import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Password } from 'primereact/password';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@erp/router';
import { isApiError } from '@erp/api-client';
import { userCreateInput, userUpdateInput, type User } from '@erp/contracts';
import { useApi } from '../app/ServicesContext';
import { Loading } from '../app/guards';
import { Check, Field, FormSection, ScreenHeader } from '../components/Field';
import { apiFieldErrors, issuesToFieldErrors, type FieldErrors } from '../components/form-errors';
import { useNotify } from '../components/notify';
import { useLocalName } from '../layout/names';
import { pathTo } from '../settings/shell-routes';
import { useShellSelector } from '../state/store';
import {
  fiscalYearAccessOf,
  fiscalYearAccessOptions,
  withFiscalYearAccess,
  type FiscalYearAccess,
} from './permission-picker';
import { PermissionPicker } from './PermissionPicker';

interface UserForm {
  fullName: string;
  userName: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  isAdmin: boolean;
  active: boolean;
  maxAllowedDiscount: number | null;
  branches: string[];
  canExceedOriginalQuantity: boolean;
  canRaisePriceAboveSalesPrice: boolean;
  canSaveInvoiceWithRemainder: boolean;
  fiscalYearAccess: FiscalYearAccess;
  permissions: string[];
}

const EMPTY: UserForm = {
  fullName: '',
  userName: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
  isAdmin: false,
  active: true,
  maxAllowedDiscount: 0,
  branches: [],
  canExceedOriginalQuantity: false,
  canRaisePriceAboveSalesPrice: false,
  canSaveInvoiceWithRemainder: false,
  fiscalYearAccess: 'first',
  permissions: [],
};

function fromUser(u: User): UserForm {
  return {
    ...EMPTY,
    fullName: u.fullName,
    userName: u.userName,
    phone: u.phone,
    email: u.email,
    isAdmin: u.isAdmin,
    active: u.active,
    maxAllowedDiscount: Number(u.maxAllowedDiscount),
    branches: [...u.branches],
    canExceedOriginalQuantity: u.canExceedOriginalQuantity,
    canRaisePriceAboveSalesPrice: u.canRaisePriceAboveSalesPrice,
    canSaveInvoiceWithRemainder: u.canSaveInvoiceWithRemainder,
    fiscalYearAccess: fiscalYearAccessOf(u.permissions),
    permissions: withFiscalYearAccess(u.permissions, 'first'),
  };
}

/** The body of POST /api/Users or PUT /api/Users/{id}; an empty password on edit keeps the current one. */
export function userPayload(form: UserForm, editing: boolean) {
  const { fiscalYearAccess, maxAllowedDiscount, password, confirmPassword, ...rest } = form;
  return {
    ...rest,
    fullName: rest.fullName.trim(),
    userName: rest.userName.trim(),
    phone: rest.phone.trim(),
    email: rest.email.trim(),
    maxAllowedDiscount: String(maxAllowedDiscount ?? 0),
    permissions: withFiscalYearAccess(rest.permissions, fiscalYearAccess),
    ...(editing && !password ? {} : { password, confirmPassword }),
  };
}

/** /users/new (addUsers) and /users/edit/:id (editUsers). */
export function UserFormPage() {
  const { id } = useParams();
  const editing = Boolean(id);
  const { t } = useTranslation('shell');
  const api = useApi();
  const navigate = useNavigate();
  const notify = useNotify();
  const localName = useLocalName();
  const language = useShellSelector((s) => s.ui.language);
  const branches = useShellSelector((s) => s.workspace.branches);
  const [form, setForm] = useState<UserForm | null>(editing ? null : EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    let live = true;
    api.get<User>('Users', id).then(
      (u) => live && setForm(fromUser(u)),
      () => live && navigate(pathTo('users'), { replace: true }),
    );
    return () => {
      live = false;
    };
  }, [api, id, navigate]);

  const clientErrors = useMemo<FieldErrors>(() => {
    if (!form || !submitted) return {};
    const schema = editing ? userUpdateInput : userCreateInput;
    const result = schema.safeParse(userPayload(form, editing));
    return result.success ? {} : issuesToFieldErrors(result.error.issues, language);
  }, [form, submitted, editing, language]);

  if (!form) return <Loading />;
  const errors = { ...serverErrors, ...clientErrors };
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => {
    setForm({ ...form, [key]: value });
    if (serverErrors[key]) setServerErrors(({ [key]: _, ...rest }) => rest);
  };
  const text = (key: 'fullName' | 'userName' | 'phone' | 'email', ltr = false) => (
    <Field id={`user-${key}`} label={t(`screens.users.${key}`)} error={errors[key]}>
      <InputText
        id={`user-${key}`}
        name={key}
        value={form[key]}
        dir={ltr ? 'ltr' : undefined}
        invalid={Boolean(errors[key])}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );
  const password = (key: 'password' | 'confirmPassword') => (
    <Field
      id={`user-${key}`}
      label={t(`screens.users.${key}`)}
      error={errors[key]}
      hint={
        key === 'password'
          ? t(editing ? 'screens.users.passwordKeep' : 'screens.users.passwordRules')
          : undefined
      }
    >
      <Password
        inputId={`user-${key}`}
        name={key}
        value={form[key]}
        feedback={false}
        toggleMask
        dir="ltr"
        autoComplete="new-password"
        invalid={Boolean(errors[key])}
        inputClassName="erp-password-input"
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );
  const flag = (
    key: 'canExceedOriginalQuantity' | 'canRaisePriceAboveSalesPrice' | 'canSaveInvoiceWithRemainder',
  ) => (
    <Check id={`user-${key}`} label={t(`screens.users.${key}`)}>
      <Checkbox inputId={`user-${key}`} checked={form[key]} onChange={(e) => set(key, Boolean(e.checked))} />
    </Check>
  );

  const save = async () => {
    setSubmitted(true);
    const schema = editing ? userUpdateInput : userCreateInput;
    const body = userPayload(form, editing);
    if (!schema.safeParse(body).success || busy) return;
    setBusy(true);
    try {
      if (id) await api.put('Users', body, id);
      else await api.post('Users', body);
      notify.saved();
      navigate(pathTo('users'));
    } catch (error) {
      // 400: the server's per-field errors under the fields (the alert was shown by the client); 409: the alert
      if (isApiError(error) && error.status === 400) setServerErrors(apiFieldErrors(error));
      setBusy(false);
    }
  };

  return (
    <section className="erp-screen" data-testid="user-form">
      <ScreenHeader title={t(editing ? 'titles.userEdit' : 'titles.userNew')}>
        <Button
          label={t('screens.common.back')}
          icon="pi pi-arrow-left erp-flip"
          severity="secondary"
          outlined
          onClick={() => navigate(pathTo('users'))}
        />
        <Button
          label={t('screens.common.save')}
          icon="pi pi-check"
          loading={busy}
          onClick={() => void save()}
          data-testid="save"
        />
      </ScreenHeader>
      <div className="erp-card erp-form">
        <FormSection title={t('screens.users.account')}>
          {text('fullName')}
          {text('userName', true)}
          {text('phone', true)}
          {text('email', true)}
          {password('password')}
          {password('confirmPassword')}
          <Check id="user-isAdmin" label={t('screens.users.isAdmin')}>
            <InputSwitch
              inputId="user-isAdmin"
              checked={form.isAdmin}
              onChange={(e) => set('isAdmin', Boolean(e.value))}
            />
          </Check>
          <Check id="user-active" label={t('screens.users.active')}>
            <InputSwitch
              inputId="user-active"
              checked={form.active}
              onChange={(e) => set('active', Boolean(e.value))}
            />
          </Check>
        </FormSection>
        <FormSection title={t('screens.users.workSettings')}>
          <Field
            id="user-branches"
            label={t('screens.users.branches')}
            error={errors.branches}
            hint={t('screens.users.branchesHint')}
          >
            <MultiSelect
              inputId="user-branches"
              value={form.branches}
              options={branches.map((b) => ({ value: b.id, label: `${b.code} · ${localName(b)}` }))}
              display="chip"
              invalid={Boolean(errors.branches)}
              onChange={(e) => set('branches', e.value as string[])}
              placeholder={t('screens.users.chooseBranches')}
              data-testid="user-branches"
            />
          </Field>
          <Field
            id="user-maxAllowedDiscount"
            label={t('screens.users.maxAllowedDiscount')}
            error={errors.maxAllowedDiscount}
          >
            <InputNumber
              inputId="user-maxAllowedDiscount"
              value={form.maxAllowedDiscount}
              min={0}
              max={100}
              maxFractionDigits={2}
              suffix=" %"
              invalid={Boolean(errors.maxAllowedDiscount)}
              onValueChange={(e) => set('maxAllowedDiscount', e.value ?? null)}
            />
          </Field>
          <div className="erp-field" role="radiogroup" aria-labelledby="user-fiscal-year-label">
            <span id="user-fiscal-year-label" className="erp-field__label">
              {t('screens.users.fiscalYearAccess')}
            </span>
            {fiscalYearAccessOptions.map((option) => (
              <div key={option} className="erp-check">
                <RadioButton
                  inputId={`user-fy-${option}`}
                  name="fiscalYearAccess"
                  value={option}
                  checked={form.fiscalYearAccess === option}
                  onChange={() => set('fiscalYearAccess', option)}
                />
                <label htmlFor={`user-fy-${option}`}>{t(`screens.users.fiscalYear.${option}`)}</label>
              </div>
            ))}
          </div>
          <div className="erp-field">
            {flag('canExceedOriginalQuantity')}
            {flag('canRaisePriceAboveSalesPrice')}
            {flag('canSaveInvoiceWithRemainder')}
          </div>
        </FormSection>
        <FormSection title={t('screens.users.permissions')}>
          <div className="erp-field erp-field--wide">
            {form.isAdmin ? <p className="erp-muted">{t('screens.users.adminHasAll')}</p> : null}
            <PermissionPicker
              value={form.permissions}
              disabled={form.isAdmin}
              onChange={(p) => set('permissions', p)}
            />
          </div>
        </FormSection>
      </div>
    </section>
  );
}
