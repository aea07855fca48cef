import type { Language } from '@erp/i18n';
import type { TreeNode } from '../tree/TreeView';
import type { EntityRecord } from './form-model';
import { nameOf } from './names';

/** The names a record may carry beyond Arabic and English (the default chart has them in six languages). */
const OTHER_NAMES: Partial<Record<Language, string>> = {
  fr: 'frenchName',
  de: 'germanName',
  pt: 'portugueseName',
  ku: 'kurdishName',
};

/** A record's name in the interface language: its own name in that language where it has one. */
export function treeNameOf(record: EntityRecord, language: Language): string {
  const own = OTHER_NAMES[language];
  const value = own ? record[own] : undefined;
  return typeof value === 'string' && value ? value : nameOf(record, language);
}

/** A tree screen's node: the record it shows. */
export type RecordNode = TreeNode & { record: EntityRecord };
