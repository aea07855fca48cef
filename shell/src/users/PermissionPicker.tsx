import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionName } from '@erp/contracts/src/permissions';
import {
  filterGroup,
  groupState,
  permissionParts,
  pickerGroups,
  setGroup,
  setPermission,
} from './permission-picker';

/** A permission's label in the language of the moment: 'View users', 'عرض المستخدمين'. */
export function usePermissionLabel() {
  const { t } = useTranslation('shell');
  return (name: string) => {
    const parts = permissionParts(name);
    if ('special' in parts) return t(`screens.permissions.special.${parts.special}`);
    return t('screens.permissions.format', {
      verb: t(`screens.permissions.verbs.${parts.verb}`),
      entity: t(`screens.permissions.entities.${parts.entity}`),
    });
  };
}

/** The users screen's permission picker: one block per area with select-all, a filter, disabled for admins. */
export function PermissionPicker({
  value,
  onChange,
  disabled,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('shell');
  const label = usePermissionLabel();
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => pickerGroups(), []);
  const selected = new Set(value);

  return (
    <div className="erp-permissions" data-testid="permission-picker">
      <div className="erp-permissions__bar">
        <span className="erp-search">
          <i className="pi pi-search" aria-hidden="true" />
          <InputText
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={t('screens.permissions.filter')}
            aria-label={t('screens.permissions.filter')}
            disabled={disabled}
          />
        </span>
        <span className="erp-muted">{t('screens.permissions.count', { count: value.length })}</span>
      </div>
      <div className="erp-permissions__groups">
        {groups.map((whole) => {
          const group = filterGroup(whole, (p: PermissionName) => label(p), filter);
          if (group.permissions.length === 0) return null;
          const state = groupState(selected, whole);
          const groupId = `perm-group-${whole.group}`;
          return (
            <section key={whole.group} className="erp-permissions__group" data-group={whole.group}>
              <div className="erp-check erp-permissions__head">
                <Checkbox
                  inputId={groupId}
                  checked={state === 'all'}
                  className={state === 'some' ? 'is-partial' : undefined}
                  disabled={disabled}
                  onChange={(e) => onChange(setGroup(value, whole, Boolean(e.checked)))}
                  aria-label={t('screens.permissions.selectAll', {
                    group: t(`screens.permissions.groups.${whole.group}`),
                  })}
                />
                <label htmlFor={groupId}>
                  <strong>{t(`screens.permissions.groups.${whole.group}`)}</strong>{' '}
                  <span className="erp-muted">
                    ({whole.permissions.filter((p) => selected.has(p)).length}/{whole.permissions.length})
                  </span>
                </label>
              </div>
              <ul>
                {group.permissions.map((p) => (
                  <li key={p} className="erp-check">
                    <Checkbox
                      inputId={`perm-${p}`}
                      name="permissions"
                      value={p}
                      checked={selected.has(p)}
                      disabled={disabled}
                      onChange={(e) => onChange(setPermission(value, p, Boolean(e.checked)))}
                    />
                    <label htmlFor={`perm-${p}`} title={p}>
                      {label(p)}
                    </label>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
