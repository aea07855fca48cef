import { Message } from 'primereact/message';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '@erp/contracts';
import { dataMigrationPathOf } from '@erp/contracts/src/declare';
import { label } from '@erp/i18n';
import type { FeatureLocation } from '../contract';
import { useFeature, type Screen } from '../feature';
import { masterDataRoutes, newRouteOf } from './manifest-parts';
import { useReferenceOptions, type ReferenceOption } from './references';
import { MASTER_DATA_CSS } from './styles';
import { LazyMasterDataForm, preloadMasterDataForm } from './lazy-form';
import { loadable } from '../loadable';

// The list (DataTable, paginator) and the tree load with their screen: every screen of a feature app shares the
// app's first chunk, so a document form would otherwise fetch a list's DataTable it never shows (issue 12).
const spinner = <i className="pi pi-spin pi-spinner" aria-hidden="true" />;
const MasterDataList = loadable(() => import('./MasterDataList').then((m) => m.MasterDataList), spinner);
const MasterDataTree = loadable(() => import('./MasterDataTree').then((m) => m.MasterDataTree), spinner);

type Mode = 'list' | 'new' | 'edit';

/** The kit's screen styles (lists, forms, lines grids, documents, print views), loaded once per page. */
export function KitStyles() {
  // React 19 hoists and de-duplicates a style with href and precedence: the kit's styles load once per page.
  return (
    <style href="erp-ui-kit-master-data" precedence="default">
      {MASTER_DATA_CSS}
    </style>
  );
}

/**
 * The one master-data screen of every feature app, driven by an entity's declaration: the list (lazy
 * server-side paging, sort, search-as-you-type, column filters, Excel export, delete with a confirmation)
 * and its form, as a dialog on the list route, or as the spec's new and edit/{id} pages where it has them.
 * The master branch is read-only: records can be previewed, not changed.
 */
export function MasterDataScreen({
  entity,
  mode,
  location,
  migrationPath,
}: {
  entity: EntityDef;
  mode: Mode;
  location: FeatureLocation;
  /** The spec's `/data-migration/<Name>` of this list (items, customers, suppliers): export and import. */
  migrationPath?: string;
}) {
  const context = useFeature();
  const [referencesVersion, reloadReferences] = useReducer((n: number) => n + 1, 0);
  const references = useReferenceOptions(entity, context, referencesVersion);
  const readOnly = context.branch?.isMaster === true;
  return (
    <>
      <KitStyles />
      {mode === 'list' && entity.tree?.view === 'tree' ? (
        <MasterDataTree
          entity={entity}
          references={references}
          readOnly={readOnly}
          onChanged={reloadReferences}
        />
      ) : mode === 'list' ? (
        <MasterDataList
          entity={entity}
          references={references}
          readOnly={readOnly}
          onUnknownReference={reloadReferences}
          migrationPath={migrationPath}
        />
      ) : (
        <MasterDataPage
          entity={entity}
          id={mode === 'edit' ? location.params.id : undefined}
          references={references}
          readOnly={readOnly}
        />
      )}
    </>
  );
}

function MasterDataPage({
  entity,
  id,
  references,
  readOnly,
}: {
  entity: EntityDef;
  id: string | undefined;
  references: Record<string, readonly ReferenceOption[]>;
  readOnly: boolean;
}) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const entityName = label(context.language, `entities.${entity.name}`);
  const canSave = context.can(id === undefined ? entity.permissions.add : entity.permissions.edit);
  const title = t(readOnly ? 'md.viewTitle' : id === undefined ? 'md.newTitle' : 'md.editTitle', {
    entity: entityName,
  });
  const back = () => context.navigate(entity.route);
  return (
    <section className="erp-md erp-md--page" data-testid="md-page" data-entity={entity.name}>
      <header className="erp-md__header">
        <h1 className="erp-md__title">{title}</h1>
      </header>
      {readOnly ? <Message severity="info" text={t('md.readOnly')} className="erp-md__notice" /> : null}
      <div className="erp-md__card">
        <LazyMasterDataForm
          key={id ?? 'new'}
          entity={entity}
          id={id}
          readOnly={readOnly}
          canSave={canSave}
          references={references}
          cancelLabel={t('md.back')}
          renderActions={(actions) => <div className="erp-md__actions">{actions}</div>}
          onSaved={back}
          onCancel={back}
        />
      </div>
    </section>
  );
}

/**
 * The screens of a feature app's entities, keyed by route path as its manifest lists them (a jest test keeps
 * the two equal): the list, and the new and edit pages where the spec has them.
 */
export function masterDataScreens(entities: readonly EntityDef[]): Record<string, Screen> {
  const screens: Record<string, Screen> = {};
  for (const entity of entities) {
    for (const route of masterDataRoutes(entity)) {
      const mode: Mode =
        route.path === entity.route ? 'list' : route.path === newRouteOf(entity) ? 'new' : 'edit';
      const Screen = ({ location }: { location: FeatureLocation }) => (
        <MasterDataScreen
          entity={entity}
          mode={mode}
          location={location}
          // the spec's Excel import and export (section 7), where the entity declares it
          migrationPath={entity.dataMigration ? dataMigrationPathOf(entity) : undefined}
        />
      );
      Screen.displayName = `MasterData(${entity.name}:${mode})`;
      const list = entity.tree?.view === 'tree' ? MasterDataTree : MasterDataList;
      screens[route.path] = Object.assign(Screen, {
        preload: mode === 'list' ? list.preload : () => preloadMasterDataForm(entity),
      });
    }
  }
  return screens;
}
