import { summaryParts, summaryPeriods, type SummaryPart } from './figures';

describe('summaryPeriods', () => {
  it('covers a range exactly with whole years, whole months and the days at its edges', () => {
    expect(summaryPeriods('2025-01-01', '2025-12-31')).toEqual(['2025']);
    expect(summaryPeriods('2024-01-01', '2025-02-28')).toEqual(['2024', '2025-01', '2025-02']);
    expect(summaryPeriods('2025-03-30', '2025-05-02')).toEqual([
      '2025-03-30',
      '2025-03-31',
      '2025-04',
      '2025-05-01',
      '2025-05-02',
    ]);
    expect(summaryPeriods('2024-02-01', '2024-02-29')).toEqual(['2024-02']);
    expect(summaryPeriods('2025-06-10', '2025-06-10')).toEqual(['2025-06-10']);
    expect(summaryPeriods('2025-06-11', '2025-06-10')).toEqual([]);
  });
});

/** The days a list of parts counts, each with its multiplicity (an independent model: day by day). */
function daysOf(parts: readonly SummaryPart[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const { period, sign } of parts) {
    const from = period.length === 4 ? `${period}-01-01` : period.length === 7 ? `${period}-01` : period;
    const d = new Date(`${from}T00:00:00Z`);
    for (;;) {
      const day = d.toISOString().slice(0, 10);
      if (!day.startsWith(period)) break;
      count.set(day, (count.get(day) ?? 0) + sign);
      d.setUTCDate(d.getUTCDate() + 1);
    }
  }
  for (const [day, n] of count) if (n === 0) count.delete(day);
  return count;
}

describe('summaryParts', () => {
  it('reads the year to date as the year less the rest, and counts every day of the range once', () => {
    expect(summaryParts('2025-01-01', '2025-11-27')).toEqual([
      { period: '2025', sign: 1 },
      { period: '2025-11-28', sign: -1 },
      { period: '2025-11-29', sign: -1 },
      { period: '2025-11-30', sign: -1 },
      { period: '2025-12', sign: -1 },
    ]);
    expect(summaryParts('2025-03-30', '2025-05-02')).toEqual(
      summaryPeriods('2025-03-30', '2025-05-02').map((period) => ({ period, sign: 1 })),
    );
    expect(summaryParts('2025-01-01', '2025-12-31')).toEqual([{ period: '2025', sign: 1 }]);
    // random ranges over three years: exactly the range's days, each once
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 300; i++) {
      const a = random(1096);
      const b = a + random(1096 - a);
      const counted = daysOf(summaryParts(day(a), day(b)));
      expect(counted.size).toBe(b - a + 1);
      for (let k = a; k <= b; k++) expect(counted.get(day(k))).toBe(1);
    }
  });
});
