import { isoToUtc, type Language } from '@erp/i18n';
import { DateInput } from './DateInput';

/**
 * A list's or report's date filter (from, to): the kit's date input under its caption, passing on only a
 * whole date or an empty filter, never half-typed text, to the query.
 */
export function DateFilter({
  id,
  value,
  onChange,
  caption,
  language,
  showHijri,
  testId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  caption: string;
  language: Language;
  showHijri?: boolean;
  testId?: string;
}) {
  return (
    <span className="erp-doc__filter">
      <label className="erp-md-field__label" htmlFor={id}>
        {caption}
      </label>{' '}
      <DateInput
        id={id}
        value={value}
        language={language}
        showHijri={showHijri}
        testId={testId}
        onChange={(next) => {
          if (next === '' || isoToUtc(next)) onChange(next);
        }}
      />
    </span>
  );
}
