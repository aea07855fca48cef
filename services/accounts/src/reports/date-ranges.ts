/** Inclusive bounds of months ('YYYY-MM') or years ('YYYY'); either end open. */
export interface PeriodRange {
  from?: string | undefined;
  to?: string | undefined;
}

const day = (iso: string, delta: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
};
const monthOf = (iso: string) => iso.slice(0, 7);
const yearOf = (isoOrMonth: string) => isoOrMonth.slice(0, 4);
const monthStart = (iso: string) => `${monthOf(iso)}-01`;
const monthEnd = (iso: string) => day(`${monthOf(day(`${monthOf(iso)}-28`, 4))}-01`, -1);
const nextMonth = (month: string) => monthOf(day(`${month}-28`, 4));
const previousMonth = (month: string) => monthOf(day(`${month}-01`, -1));
const addYears = (year: string, delta: number) => String(Number(year) + delta).padStart(4, '0');

/** The day before `iso` (the last day an opening balance covers). */
export const dayBefore = (iso: string) => day(iso, -1);

/** A date range as whole months and the days of its partial first and last months. */
function splitDays(from?: string, to?: string) {
  const days: [string, string][] = [];
  let firstMonth = from ? monthOf(from) : undefined;
  let lastMonth = to ? monthOf(to) : undefined;
  if (from && to && firstMonth === lastMonth && (from !== monthStart(from) || to !== monthEnd(to)))
    return { months: null, days: [[from, to]] as [string, string][] };
  if (from && from !== monthStart(from)) {
    days.push([from, monthEnd(from)]);
    firstMonth = nextMonth(firstMonth!);
  }
  if (to && to !== monthEnd(to)) {
    days.push([monthStart(to), to]);
    lastMonth = previousMonth(lastMonth!);
  }
  const empty = firstMonth !== undefined && lastMonth !== undefined && firstMonth > lastMonth;
  return { months: empty ? null : { from: firstMonth, to: lastMonth }, days };
}

/** A range of months as whole years and the months of its partial first and last years. */
function splitMonths(m: PeriodRange): { years: PeriodRange | null; months: PeriodRange[] } {
  const startsYear = m.from === undefined || m.from.endsWith('-01');
  const endsYear = m.to === undefined || m.to.endsWith('-12');
  const first = m.from === undefined ? undefined : addYears(yearOf(m.from), startsYear ? 0 : 1);
  const last = m.to === undefined ? undefined : addYears(yearOf(m.to), endsYear ? 0 : -1);
  if (first !== undefined && last !== undefined && first > last) return { years: null, months: [m] };
  const months: PeriodRange[] = [];
  if (!startsYear) months.push({ from: m.from, to: `${yearOf(m.from!)}-12` });
  if (!endsYear) months.push({ from: `${yearOf(m.to!)}-01`, to: m.to });
  return { years: { from: first, to: last }, months };
}

/**
 * A date range (inclusive ISO days, either end open) as whole years (read from the kept years), whole months
 * of its partial first and last years (the kept months) and days of its partial first and last months (the
 * lines): a year's report reads a row per account, an opening one per account and year before it.
 */
export function splitRange(from?: string, to?: string) {
  const { months, days } = splitDays(from, to);
  return { ...(months ? splitMonths(months) : { years: null, months: [] }), days };
}
