import { splitRange } from '../src/reports/date-ranges';

/** Every day from `from` to `to`, inclusive. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= to;
    d.setUTCDate(d.getUTCDate() + 1)
  )
    out.push(d.toISOString().slice(0, 10));
  return out;
}

/**
 * `splitRange` cuts a date range into whole years, whole months and days: the pieces cover every day of the
 * range once, and a whole year or month is never read day by day or month by month.
 */
describe('splitRange', () => {
  const ranges: [string, string][] = [
    ['2024-01-01', '2026-12-31'],
    ['2025-03-17', '2026-10-09'],
    ['2025-03-01', '2027-02-28'],
    ['2024-02-29', '2024-03-01'],
    ['2026-05-02', '2026-05-20'],
    ['2025-12-01', '2026-01-31'],
    ['2025-01-01', '2025-06-30'],
  ];
  it.each(ranges)('covers %s to %s once', (from, to) => {
    const { years, months, days } = splitRange(from, to);
    const covered: string[] = [];
    if (years)
      for (let y = Number(years.from); y <= Number(years.to); y++)
        covered.push(...daysOf(`${y}-01-01`, `${y}-12-31`));
    for (const m of months)
      covered.push(...daysOf(`${m.from}-01`, `${m.to}-31`).filter((d) => d.slice(0, 7) <= m.to!));
    for (const [a, b] of days) covered.push(...daysOf(a, b));
    expect(covered.sort()).toEqual(daysOf(from, to));
  });

  it('reads whole years from the kept years and open ends as open', () => {
    expect(splitRange('2024-01-01', '2026-12-31')).toEqual({
      years: { from: '2024', to: '2026' },
      months: [],
      days: [],
    });
    expect(splitRange(undefined, '2025-12-31')).toEqual({
      years: { from: undefined, to: '2025' },
      months: [],
      days: [],
    });
    expect(splitRange(undefined, '2026-06-14')).toEqual({
      years: { from: undefined, to: '2025' },
      months: [{ from: '2026-01', to: '2026-05' }],
      days: [['2026-06-01', '2026-06-14']],
    });
    expect(splitRange('2025-03-17', undefined)).toEqual({
      years: { from: '2026', to: undefined },
      months: [{ from: '2025-04', to: '2025-12' }],
      days: [['2025-03-17', '2025-03-31']],
    });
    expect(splitRange(undefined, undefined)).toEqual({
      years: { from: undefined, to: undefined },
      months: [],
      days: [],
    });
    expect(splitRange('2025-04-01', '2026-03-31')).toEqual({
      years: null,
      months: [{ from: '2025-04', to: '2026-03' }],
      days: [],
    });
  });
});
