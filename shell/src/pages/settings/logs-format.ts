import { isLabelKey, label, type Language } from '@erp/i18n';

/** Intl's tag for an app language (Kurdish is Central Kurdish, written in Arabic script). */
const INTL_TAGS: Record<Language, string> = { ar: 'ar', en: 'en', fr: 'fr', de: 'de', pt: 'pt', ku: 'ckb' };

/**
 * When a change happened, in the user's language and calendar (Intl with the app language; issue 12 item 6),
 * never an ISO timestamp.
 */
export function formatWhen(iso: string, language: Language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_TAGS[language], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;
/** The shell's text at a key when it is a text (not a group of texts), else undefined. */
type Lookup = (key: string) => string | undefined;

/** The shell's own screens label the identity records' fields (users, branches, company). */
const SCREEN_OF: Record<string, string> = { user: 'users', branch: 'branches', company: 'company' };

/** A record type's name: the identity records', the main data's, the documents'. */
export function entityName(entity: string, language: Language, t: Translate, text: Lookup): string {
  const own = text(`screens.logs.entities.${entity}`);
  if (own) return own;
  for (const key of [`entities.${entity}`, `documents.${entity}`])
    if (isLabelKey(key)) return label(language, key);
  return t('screens.logs.otherEntity');
}

/** A field's label: the record's own screen's, else the shared field labels, else the log's own. */
export function fieldName(
  entity: string,
  property: string,
  language: Language,
  t: Translate,
  text: Lookup,
): string {
  const screen = SCREEN_OF[entity];
  const own = screen ? text(`screens.${screen}.${property}`) : undefined;
  if (own) return own;
  if (isLabelKey(`fields.${property}`)) return label(language, `fields.${property}`);
  return text(`screens.logs.fields.${property}`) ?? t('screens.logs.otherField');
}

function parsed(value: string): unknown {
  if (!/^[[{]/.test(value)) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A recorded value as a reader reads it: yes or no, permissions by their names, branches by theirs, lines
 * counted, nothing as a dash; other text as it was typed.
 */
export function valueText(
  property: string,
  value: string | null,
  language: Language,
  t: Translate,
  names: { permission: (name: string) => string; branch: (id: string) => string | undefined },
): string {
  if (value === null || value === '') return '—';
  if (value === 'true' || value === 'false')
    return label(language, value === 'true' ? 'common.yes' : 'common.no');
  const json = parsed(value);
  if (Array.isArray(json)) {
    if (property === 'permissions') return json.map((p) => names.permission(String(p))).join('، ');
    if (property === 'branches') return json.map((id) => names.branch(String(id)) ?? '—').join('، ');
    if (json.every((v) => typeof v === 'string')) return json.join('، ');
    return t('screens.logs.lineCount', { count: json.length });
  }
  if (json && typeof json === 'object') return t('screens.logs.settingsChanged');
  if (property === 'defaultBranchId' || property === 'branchId') return names.branch(value) ?? value;
  return value;
}
