import { Dropdown } from 'primereact/dropdown';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountLinkNames, type AccountLinkName, type BranchAccountLinks } from '@erp/contracts';
import { useApi } from '../app/ServicesContext';
import { Field, FormSection } from '../components/Field';
import type { FieldErrors } from '../components/form-errors';
import { useShellSelector } from '../state/store';

interface Account {
  id: string;
  code: string;
  arabicName: string;
  englishName: string;
  parentId: string | null;
}

/**
 * The branch's links to accounting accounts (spec section 3): one picker per link, offering the chart's leaf
 * accounts only (a parent account takes no entries). Accounts posts the branch's documents with them.
 */
export function AccountLinksSection({
  links,
  readOnly,
  errors,
  onChange,
}: {
  links: BranchAccountLinks;
  readOnly: boolean;
  errors: FieldErrors;
  onChange: (links: BranchAccountLinks) => void;
}) {
  const { t } = useTranslation('shell');
  const api = useApi();
  const language = useShellSelector((s) => s.ui.language);
  const [accounts, setAccounts] = useState<Account[]>([]);

  useEffect(() => {
    let live = true;
    // without the chart's view permission the pickers stay empty: the saved links are still shown by id
    api.get<{ items: Account[] }>('Accounts/tree').then(
      (r) => live && setAccounts(r.items),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  const options = useMemo(() => {
    const parents = new Set(accounts.map((a) => a.parentId));
    return accounts
      .filter((a) => !parents.has(a.id))
      .map((a) => ({
        value: a.id,
        label: `${a.code} - ${language === 'ar' ? a.arabicName : a.englishName || a.arabicName}`,
      }));
  }, [accounts, language]);

  const picker = (name: AccountLinkName) => {
    const error = errors[`accountLinks.${name}`];
    return (
      <Field key={name} id={`branch-link-${name}`} label={t(`screens.branches.link.${name}`)} error={error}>
        <Dropdown
          inputId={`branch-link-${name}`}
          value={links[name]}
          options={options}
          filter
          showClear
          placeholder={t('screens.branches.notLinked')}
          disabled={readOnly}
          invalid={Boolean(error)}
          onChange={(e) => onChange({ ...links, [name]: (e.value as string | undefined) ?? null })}
        />
      </Field>
    );
  };

  return <FormSection title={t('screens.branches.accountLinks')}>{accountLinkNames.map(picker)}</FormSection>;
}
