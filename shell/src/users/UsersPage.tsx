import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@erp/router';
import type { User } from '@erp/contracts';
import { RowActions, useServerList } from '@erp/ui-kit';
import { useApi } from '../app/ServicesContext';
import { confirmDelete, ListTable, ScreenSearch } from '../components/ListParts';
import { useCan } from '../components/access';
import { ScreenHeader } from '../components/Field';
import { useNotify } from '../components/notify';
import { pathTo } from '../settings/shell-routes';

/** /users (viewUsers): the users, paged and searchable; new (addUsers), edit and delete (editUsers). */
export function UsersPage() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const api = useApi();
  const can = useCan();
  const notify = useNotify();
  const list = useServerList<User>({ api, path: 'Users', language: i18n.language });

  const remove = (user: User) =>
    confirmDelete(
      t,
      t('screens.users.confirmDelete', { name: user.fullName || user.userName }),
      () => api.del('Users', user.id),
      () => {
        notify.saved('screens.common.deletedSuccessfully');
        list.reload();
      },
    );

  return (
    <section className="erp-screen" data-testid="users-screen">
      <ScreenHeader title={t('titles.users')}>
        <ScreenSearch list={list} testId="users-search" />
        {can('addUsers') ? (
          <Button
            icon="pi pi-plus"
            label={t('screens.users.new')}
            onClick={() => navigate(pathTo('userNew'))}
            data-testid="users-new"
          />
        ) : null}
      </ScreenHeader>
      <ListTable list={list}>
        <Column field="fullName" header={t('screens.users.fullName')} />
        <Column field="userName" header={t('screens.users.userName')} bodyClassName="erp-ltr" />
        <Column field="phone" header={t('screens.users.phone')} bodyClassName="erp-ltr" />
        <Column field="email" header={t('screens.users.email')} bodyClassName="erp-ltr" />
        <Column
          header={t('screens.users.isAdmin')}
          body={(u: User) => (u.isAdmin ? <Tag value={t('screens.users.admin')} severity="info" /> : null)}
        />
        <Column
          header={t('screens.users.active')}
          body={(u: User) =>
            u.active ? (
              <Tag value={t('screens.common.active')} severity="success" />
            ) : (
              <Tag value={t('screens.common.inactive')} severity="warning" />
            )
          }
        />
        <Column
          header={t('screens.common.actions')}
          bodyClassName="erp-row-actions"
          body={(u: User) =>
            can('editUsers') ? (
              <RowActions
                actions={[
                  {
                    kind: 'edit',
                    testId: 'user-edit',
                    onClick: () => navigate(pathTo('userEdit', { id: u.id })),
                  },
                  { kind: 'delete', testId: 'user-delete', onClick: () => remove(u) },
                ]}
              />
            ) : null
          }
        />
      </ListTable>
    </section>
  );
}
