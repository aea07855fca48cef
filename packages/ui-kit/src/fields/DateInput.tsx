import { Button } from 'primereact/button';
import type { CalendarDateTemplateEvent } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatGregorian,
  formatHijri,
  isoToUtc,
  localDigits,
  parseTypedDate,
  toHijri,
  type Language,
} from '@erp/i18n';
import { calendarLocale } from './calendar-locale';
import { localYearNavigator } from './calendar-year';
import { loadable } from '../loadable';

// The picker (PrimeReact's Calendar, ≈ 20 KB gz) loads when first opened: a date is typed far more often, and a
// form shows its date fields at once (issue 12, the first screen comes fast)
const Calendar = loadable(
  () => import('primereact/calendar').then((m) => m.Calendar),
  <i className="pi pi-spin pi-spinner" aria-hidden="true" />,
);

export interface DateInputProps {
  id: string;
  /** ISO `YYYY-MM-DD` (or what the user typed that is no date yet). */
  value: unknown;
  /** ISO when the text is a date, '' when empty, else the text itself (the form's validation says why). */
  onChange: (value: string) => void;
  language: Language;
  /** The user's setting: the Umm al-Qura date beside the Gregorian one, in the field and the picker. */
  showHijri?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  /** ISO bounds of the picker (the fiscal year). */
  min?: string;
  max?: string;
  ariaLabel?: string;
  describedBy?: string;
  testId?: string;
}

const display = (value: unknown, language: Language) => {
  const text = String(value ?? '');
  return isoToUtc(text) ? formatGregorian(text, language) : text;
};
const toLocalDate = (iso: string | undefined) => {
  const utc = iso ? isoToUtc(iso) : null;
  return utc ? new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate()) : undefined;
};
const isoOfLocal = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The kit's one date input (issue 10 item 9), in place of the browser's `<input type="date">` that speaks the
 * browser's locale: the date is shown and typed in the app's language and digits (day/month/year, Arabic-Indic
 * digits in Arabic; any digits are read), picked from a calendar in the same language, with the Hijri date
 * beside it when the user asked for it. Storage and the API stay ISO Gregorian.
 */
export function DateInput({
  id,
  value,
  onChange,
  language,
  showHijri = false,
  disabled,
  invalid,
  min,
  max,
  ariaLabel,
  describedBy,
  testId,
}: DateInputProps) {
  const { t } = useTranslation('ui');
  const panel = useRef<OverlayPanel>(null);
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => display(value, language));
  const emitted = useRef<unknown>(value);
  // a value set from outside (a record loaded, the picker, a reset) or a new language redraws the text
  useEffect(() => {
    if (value !== emitted.current || document.activeElement !== input.current)
      setText(display(value, language));
    emitted.current = value;
  }, [value, language]);

  const iso = typeof value === 'string' && isoToUtc(value) ? value : '';
  const hijri = showHijri && iso ? formatHijri(iso, language) : '';
  const locale = calendarLocale(language, t('input.today'), t('input.clear'));

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };

  const dayCell = (d: CalendarDateTemplateEvent) => {
    const h = showHijri ? toHijri(isoOfLocal(new Date(d.year, d.month, d.day))) : null;
    return (
      <span className="erp-date__day">
        {localDigits(String(d.day), language)}
        {h ? <small className="erp-date__hijri-day">{localDigits(String(h.day), language)}</small> : null}
      </span>
    );
  };

  return (
    <span className="erp-date" data-testid={testId}>
      <InputText
        ref={input}
        id={id}
        value={text}
        // the bounds as data for tests and assistive tools; the picker enforces them
        min={min}
        max={max}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('input.datePlaceholder')}
        disabled={disabled}
        invalid={invalid}
        aria-invalid={invalid || undefined}
        aria-label={ariaLabel}
        aria-describedby={
          [describedBy, hijri ? `${id}-hijri` : undefined].filter(Boolean).join(' ') || undefined
        }
        onChange={(e) => {
          const raw = e.target.value;
          setText(raw);
          emit(raw.trim() === '' ? '' : (parseTypedDate(raw) ?? raw));
        }}
        onBlur={() => setText(display(value, language))}
      />
      <Button
        type="button"
        icon="pi pi-calendar"
        text
        className="erp-date__open"
        disabled={disabled}
        aria-label={t('input.openCalendar')}
        aria-haspopup="dialog"
        tabIndex={-1}
        onClick={(e) => panel.current?.toggle(e)}
      />
      {hijri ? (
        <small className="erp-date__hijri" id={`${id}-hijri`} data-testid={`${id}-hijri`}>
          {hijri}
        </small>
      ) : null}
      <OverlayPanel ref={panel} className="erp-date__panel" ariaCloseLabel={t('md.cancel')}>
        <Calendar
          inline
          value={toLocalDate(iso)}
          minDate={toLocalDate(min)}
          maxDate={toLocalDate(max)}
          locale={locale}
          {...localYearNavigator(language, t('input.chooseYear'))}
          dateTemplate={dayCell}
          footerTemplate={hijri ? () => <div className="erp-date__panel-hijri">{hijri}</div> : undefined}
          onChange={(e) => {
            if (!(e.value instanceof Date)) return;
            const next = isoOfLocal(e.value);
            setText(display(next, language));
            emit(next);
            panel.current?.hide();
            input.current?.focus();
          }}
        />
      </OverlayPanel>
    </span>
  );
}
