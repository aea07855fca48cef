import { Calendar } from 'primereact/calendar';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { calendarLocale } from './calendar-locale';
import { localYearNavigator } from './calendar-year';

// a .ts test (jest's testMatch): the picker drawn with createElement, on the server

/** The picker's header year is written in the language's digits, as its month and days are (Arabic-Indic). */
describe('the date picker header year', () => {
  const picker = (language: 'ar' | 'en', withYears: boolean) =>
    renderToStaticMarkup(
      createElement(Calendar, {
        inline: true,
        value: new Date(2026, 10, 24),
        minDate: new Date(2026, 0, 1),
        maxDate: new Date(2026, 11, 31),
        locale: calendarLocale(language, 'today', 'clear'),
        ...(withYears ? localYearNavigator(language, 'year') : {}),
      }),
    );
  const title = (html: string) =>
    html.slice(html.indexOf('p-datepicker-title'), html.indexOf('p-datepicker-next'));

  it('in Arabic: Arabic-Indic digits, the years in reach only, and the view year chosen', () => {
    const header = title(picker('ar', true));
    expect(header).toContain('نوفمبر');
    expect(header).toContain('٢٠٢٦');
    expect(header).not.toMatch(/>2026</);
    expect(header).toContain('aria-label="year"');
    expect(header.match(/<option/g)).toHaveLength(1);
    expect(header).toMatch(/<option value="2026" selected="">٢٠٢٦<\/option>/);
  });

  it('in English: Latin digits', () => {
    expect(title(picker('en', true))).toMatch(/<option value="2026" selected="">2026<\/option>/);
  });
});
