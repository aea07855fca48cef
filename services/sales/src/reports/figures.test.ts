import { summaryPeriods } from './figures';

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
