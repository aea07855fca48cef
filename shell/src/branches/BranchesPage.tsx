import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@erp/router';
import type { Branch } from '@erp/contracts';
import { RowActions, useServerList } from '@erp/ui-kit';
import { useApi } from '../app/ServicesContext';
import { confirmDelete, ListTable, ScreenSearch } from '../components/ListParts';
import { useCan } from '../components/access';
import { ScreenHeader } from '../components/Field';
import { useNotify } from '../components/notify';
import { pathTo } from '../settings/shell-routes';
import { useShellDispatch } from '../state/store';
import { loadWorkspace } from '../state/workspace';

/**
 * /branches (viewBranches): the branches, paged and searchable. The master branch is read-only (spec section 4):
 * its edit and delete buttons are hidden and a preview button is shown instead.
 */
export function BranchesPage() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const api = useApi();
  const can = useCan();
  const notify = useNotify();
  const dispatch = useShellDispatch();
  const list = useServerList<Branch>({ api, path: 'Branches', language: i18n.language });

  const remove = (branch: Branch) =>
    confirmDelete(
      t,
      t('screens.branches.confirmDelete', { name: branch.arabicName }),
      () => api.del('Branches', branch.id),
      () => {
        notify.saved('screens.common.deletedSuccessfully');
        list.reload();
        void dispatch(loadWorkspace());
      },
    );

  // the kit's one row-actions cell (style.md): the master branch is only previewed (spec section 2)
  const actions = (b: Branch) => (
    <RowActions
      actions={[
        b.isMaster && {
          kind: 'view',
          testId: 'branch-preview',
          onClick: () => navigate(pathTo('branchPreview', { id: b.id })),
        },
        !b.isMaster &&
          can('editBranches') && {
            kind: 'edit',
            testId: 'branch-edit',
            onClick: () => navigate(pathTo('branchEdit', { id: b.id })),
          },
        !b.isMaster &&
          can('editBranches') && { kind: 'delete', testId: 'branch-delete', onClick: () => remove(b) },
      ]}
    />
  );

  return (
    <section className="erp-screen" data-testid="branches-screen">
      <ScreenHeader title={t('titles.branches')}>
        <ScreenSearch list={list} />
        {can('addBranches') ? (
          <Button
            icon="pi pi-plus"
            label={t('screens.branches.new')}
            onClick={() => navigate(pathTo('branchNew'))}
          />
        ) : null}
      </ScreenHeader>
      <ListTable list={list} rowClassName={(b: Branch) => (b.isMaster ? 'is-master' : '')}>
        <Column field="code" header={t('screens.branches.code')} />
        <Column field="arabicName" header={t('screens.common.arabicName')} />
        <Column field="englishName" header={t('screens.common.englishName')} />
        <Column field="city" header={t('screens.branches.city')} />
        <Column field="decimalDigits" header={t('screens.branches.decimalDigits')} />
        <Column
          header={t('screens.branches.kind')}
          body={(b: Branch) =>
            b.isMaster ? (
              <Tag value={t('screens.branches.master')} severity="secondary" icon="pi pi-lock" />
            ) : null
          }
        />
        <Column header={t('screens.common.actions')} bodyClassName="erp-row-actions" body={actions} />
      </ListTable>
    </section>
  );
}
