import { addLocale } from 'primereact/api';
import { dateLocaleOf, localDigits, type Language } from '@erp/i18n';

const added = new Set<string>();

/**
 * The picker's month and day names in the app's language, from Intl (not from the browser's locale, nor from
 * PrimeReact's global locale, which a feature app cannot rely on): registered once per language.
 */
export function calendarLocale(language: Language, today: string, clear: string): string {
  const name = `erp-${language}`;
  if (added.has(name)) return name;
  const locale = dateLocaleOf(language);
  const month = (style: 'long' | 'short') =>
    Array.from({ length: 12 }, (_, m) =>
      new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(
        new Date(Date.UTC(2024, m, 1)),
      ),
    );
  // 2024-01-07 was a Sunday: the names from Sunday on, as PrimeReact reads them
  const day = (style: 'long' | 'short' | 'narrow') =>
    Array.from({ length: 7 }, (_, d) =>
      new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(
        new Date(Date.UTC(2024, 0, 7 + d)),
      ),
    );
  addLocale(name, {
    firstDayOfWeek: language === 'ar' || language === 'ku' ? 6 : language === 'en' ? 0 : 1,
    dayNames: day('long'),
    dayNamesShort: day('short'),
    dayNamesMin: day('narrow'),
    monthNames: month('long'),
    monthNamesShort: month('short'),
    today,
    clear,
  });
  added.add(name);
  return name;
}

export { localDigits };
