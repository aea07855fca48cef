import {
  formatDate,
  formatGregorian,
  formatHijri,
  isoToUtc,
  latinDigits,
  localDigits,
  localToday,
  parseTypedDate,
  toHijri,
} from './dates';

/**
 * Umm al-Qura dates checked against the published comparative table: the dataset dralshehri/ummalqura-calendar
 * (data/ummalqura-calendar.csv, columns rjd,hy,hm,hd,gy,gm,gd), collected from the Umm al-Qura calendar's
 * official site and the Saudi government's printed "Umm al-Qura Comparative Calendar" (2nd ed., 2003,
 * 1420-1450 AH). Each row below was read from that file: e.g. "60381,1445,9,1,2024,3,11" (1 Ramadan 1445 =
 * 11 March 2024, also the day Saudi Arabia's Supreme Court announced, Arab News 2024-03-10),
 * "60499,1446,1,1,2024,7,7", "60527,1446,1,29,2024,8,4", "60736,1446,9,1,2025,3,1",
 * "60853,1447,1,1,2025,6,26", "61090,1447,9,1,2026,2,18" and "61208,1448,1,1,2026,6,16".
 * (1 Shawwal 1444 = 2023-04-21 was not read from the table and is not asserted.) The table's first row,
 * "23999,1343,1,1,1924,8,1", is where ICU's calendar differs by a day (it says 29 Dhu al-Hijjah 1342): the
 * historical calendar of the 1920s; the product's dates are current ones, so only those are asserted.
 */
const PUBLISHED: readonly [iso: string, year: number, month: number, day: number][] = [
  ['2024-03-11', 1445, 9, 1],
  ['2024-03-10', 1445, 8, 29],
  ['2024-07-07', 1446, 1, 1],
  ['2024-07-06', 1445, 12, 30],
  ['2024-08-04', 1446, 1, 29],
  ['2025-03-01', 1446, 9, 1],
  ['2025-06-26', 1447, 1, 1],
  ['2026-02-18', 1447, 9, 1],
  ['2026-06-16', 1448, 1, 1],
];

describe('Umm al-Qura Hijri dates', () => {
  it.each(PUBLISHED)('%s is %i-%i-%i AH as in the published table', (iso, year, month, day) => {
    expect(toHijri(iso)).toEqual({ year, month, day });
  });

  it('formats the Hijri date in the language and its digits', () => {
    expect(formatHijri('2024-03-11', 'ar')).toBe('١ رمضان ١٤٤٥ هـ');
    expect(formatHijri('2024-03-11', 'en')).toBe('1 Ramadan 1445 AH');
    expect(formatHijri('2026-02-18', 'en')).toBe('1 Ramadan 1447 AH');
    expect(formatHijri('', 'ar')).toBe('');
  });
});

describe('Gregorian dates in the language, not the browser', () => {
  it('uses Arabic-Indic digits in Arabic and Kurdish, Latin ones elsewhere', () => {
    expect(latinDigits(formatGregorian('2024-03-11', 'ar'))).toContain('11');
    expect(formatGregorian('2024-03-11', 'ar')).toMatch(/^[\u0660-\u0669\u200f/]+$/);
    expect(formatGregorian('2024-03-11', 'ku')).toMatch(/[\u0660-\u0669]/);
    expect(formatGregorian('2024-03-11', 'en')).toBe('11/03/2024');
    expect(formatGregorian('2024-03-11', 'de')).toBe('11.03.2024');
    expect(formatGregorian('2024-03-11', 'en', 'long')).toBe('11 March 2024');
  });

  it('puts the Hijri date beside the Gregorian only when asked', () => {
    expect(formatDate('2024-03-11', 'en')).toBe('11/03/2024');
    expect(formatDate('2024-03-11', 'en', { hijri: true })).toBe('11/03/2024 (1 Ramadan 1445 AH)');
    expect(formatDate(null, 'en', { hijri: true })).toBe('');
  });

  it('reads what a user typed, in any digits, back as ISO', () => {
    expect(parseTypedDate('١١/٣/٢٠٢٤')).toBe('2024-03-11');
    expect(parseTypedDate('11.03.2024')).toBe('2024-03-11');
    expect(parseTypedDate('2024-03-11')).toBe('2024-03-11');
    for (const language of ['ar', 'en', 'fr', 'de', 'pt', 'ku'] as const)
      expect(parseTypedDate(formatGregorian('2025-12-31', language))).toBe('2025-12-31');
    expect(parseTypedDate('31/02/2024')).toBeNull();
    expect(parseTypedDate('soon')).toBeNull();
    expect(isoToUtc('2024-02-30')).toBeNull();
  });

  it('writes a number in the language digits', () => {
    expect(localDigits('2024', 'ar')).toBe('٢٠٢٤');
    expect(localDigits('2024', 'fr')).toBe('2024');
  });
});

describe("today is the user's day", () => {
  it('reads the local calendar, not the UTC one', () => {
    // half past midnight on the user's clock is already the new day, whatever UTC says
    expect(localToday(new Date(2026, 10, 28, 0, 30))).toBe('2026-11-28');
    expect(localToday(new Date(2026, 0, 1, 23, 59))).toBe('2026-01-01');
    expect(localToday(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});
