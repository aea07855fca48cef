import type { CalendarNavigatorTemplateEvent, CalendarProps } from 'primereact/calendar';
import { localDigits, type Language } from '@erp/i18n';

/**
 * The picker's header year in the app's digits. PrimeReact 10 writes the year button's text as a bare number
 * (no locale option, no template), so Arabic showed "2026" beside Arabic month names; only its year navigator
 * takes a template: the year is then a choice of the years in reach (the fiscal year's bounds), each written
 * in the language's digits, and choosing one moves the view as the year button's view did.
 */
export function localYearNavigator(
  language: Language,
  ariaLabel: string,
): Pick<CalendarProps, 'yearNavigator' | 'yearNavigatorTemplate'> {
  return {
    yearNavigator: true,
    yearNavigatorTemplate: (o: CalendarNavigatorTemplateEvent) => (
      <select
        className={`${o.className} erp-date__year`}
        value={String(o.value ?? '')}
        aria-label={ariaLabel}
        onChange={(e) => o.onChange(e, e.target.value)}
      >
        {(o.names as number[]).map((year) => (
          <option key={year} value={String(year)}>
            {localDigits(String(year), language)}
          </option>
        ))}
      </select>
    ),
  };
}
