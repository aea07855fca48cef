import {
  costCenters,
  parseTaxTag,
  taxTagText,
  vatBoxes,
  type BranchAccountLinks,
  type DocumentInput,
  type DocumentRecord,
} from '@erp/contracts';
import {
  AppError,
  leafIssue,
  type BranchSettings,
  type FieldIssue,
  type TenantScope,
} from '@erp/service-kit';
import { postableAccountIssue } from '../chart';
import { closedPeriodIssue } from '../fiscal/closed-periods';
import { checkEntryLines, type JournalLineInput } from '../journal';
import { branchLinks } from '../posting/entry-lines';
import { closingVoucherIssues } from './closing-voucher';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** An empty side of a line is zero (a debit line leaves its credit blank). */
const amount = (v: unknown) => (v === null || v === undefined || v === '' ? '0' : String(v));

/**
 * A line's tax tag from its VAT box: on the branch's VAT output or input account it is the box's VAT, on any
 * other account the box's amount (the taxable base); at the box's rate.
 */
function taxTagOf(box: string, accountId: string, links: BranchAccountLinks | null): string | null {
  const declared = vatBoxes.find((b) => b.name === box);
  if (!declared) return null;
  const onVat = links !== null && (accountId === links.vatOutput || accountId === links.vatInput);
  return taxTagText({ box: declared.name, role: onVat ? 'tax' : 'base', rate: declared.rate });
}

/** A voucher's lines as the journal takes them; the branch's links tell a VAT line from a base line. */
export function journalLinesOf(
  lines: readonly Record<string, unknown>[],
  links: BranchAccountLinks | null = null,
): JournalLineInput[] {
  return lines.map((l) => ({
    accountId: text(l.accountId),
    costCenterId: text(l.costCenterId) || null,
    debit: amount(l.debit),
    credit: amount(l.credit),
    note: text(l.note),
    taxTag: text(l.vatBox) ? taxTagOf(text(l.vatBox), text(l.accountId), links) : null,
  }));
}

/** A VAT line's box must be of its account's side: output VAT in a sales box, input VAT in a purchases box. */
function vatBoxIssues(lines: readonly JournalLineInput[], links: BranchAccountLinks): FieldIssue[] {
  const issues: FieldIssue[] = [];
  lines.forEach((l, i) => {
    const tag = parseTaxTag(l.taxTag);
    if (!tag || tag.role !== 'tax') return;
    const direction = vatBoxes.find((b) => b.name === tag.box)!.direction;
    const account = direction === 'output' ? links.vatOutput : links.vatInput;
    if (l.accountId !== account) issues.push({ field: `lines.${i}.vatBox`, code: 'validation.vatBoxSide' });
  });
  return issues;
}

/** Each line's account a leaf of the chart, each cost center a leaf of its tree (spec section 5). */
export async function leafIssues(s: TenantScope, lines: readonly JournalLineInput[]): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  for (const [i, l] of lines.entries()) {
    const account = await postableAccountIssue(s, l.accountId, `lines.${i}.accountId`);
    if (account) issues.push(account);
    if (l.costCenterId) {
      const center = await leafIssue(s, costCenters, l.costCenterId, `lines.${i}.costCenterId`);
      if (center) issues.push({ ...center, code: 'validation.parentCostCenter' });
    }
  }
  return issues;
}

/**
 * The spec's rules of a journal entry (section 5), on the server, before anything is written: not with zero
 * accounts and each line a debit or a credit, never both, never negative, debits equal to credits (the journal's
 * own check, 'Constraint Unbalanced'); leaf accounts and cost centers; an opening voucher's accounts do not
 * repeat; where the branch enables cost centers, every line has one unless saving without them was confirmed.
 * The accounts and cost centers are the tenant's: the engine's reference check refuses any other id first.
 */
export async function voucherIssues(
  s: TenantScope,
  input: DocumentInput,
  settings: BranchSettings,
  before: DocumentRecord | null = null,
): Promise<FieldIssue[]> {
  const { links } = await branchLinks(s, settings.id ?? '');
  const lines = journalLinesOf(input.lines, links);
  if (lines.length === 0)
    throw new AppError(400, 'journal.noLines', {}, [{ field: 'lines', code: 'journal.noLines' }]);
  checkEntryLines(lines);
  const issues = [
    ...(await leafIssues(s, lines)),
    ...vatBoxIssues(lines, links),
    ...(await closingVoucherIssues(s, input, before)),
  ];
  if (input.isOpening === true) {
    const seen = new Set<string>();
    lines.forEach((l, i) => {
      if (seen.has(l.accountId))
        issues.push({ field: `lines.${i}.accountId`, code: 'validation.openingAccountRepeated' });
      seen.add(l.accountId);
    });
  }
  // a closed year or a locked date takes no entries: a voucher there could never be posted (deliverable 5)
  const closed = settings.id ? await closedPeriodIssue(s, settings.id, String(input.date)) : null;
  if (closed) issues.push({ field: 'date', code: closed.code, params: closed.params });
  if (settings.switches.enableCostCenters && input.withoutCostCenters !== true)
    lines.forEach((l, i) => {
      if (!l.costCenterId)
        issues.push({ field: `lines.${i}.costCenterId`, code: 'validation.costCenterRequired' });
    });
  return issues;
}
