import type { Language } from '../languages';

/**
 * Dates as the user reads them (issue 10 item 9): the Gregorian date in the app's language and its digits
 * (Arabic-Indic in Arabic and Kurdish), never the browser's locale, and on request the Umm al-Qura Hijri date
 * beside it. Storage and the API stay ISO Gregorian `YYYY-MM-DD`; these helpers only format and read.
 */

/** The Intl locale of a language: Arabic with Arabic-Indic digits, Kurdish as Sorani (Arabic script). */
const LOCALES: Record<Language, string> = {
  ar: 'ar-u-nu-arab',
  en: 'en-GB',
  fr: 'fr',
  de: 'de',
  pt: 'pt',
  ku: 'ckb-u-nu-arab',
};

export const dateLocaleOf = (language: Language): string => LOCALES[language];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid `YYYY-MM-DD` as a UTC midnight (a date has no time zone); null for anything else. */
export function isoToUtc(iso: string): Date | null {
  const m = ISO_DATE.exec(iso.slice(0, 10));
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) &&
    date.getUTCMonth() === Number(m[2]) - 1 &&
    date.getUTCDate() === Number(m[3])
    ? date
    : null;
}

export const utcToIso = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Today as the user's clock reads it (ISO): the day a document made now is dated. Not the UTC day, which in
 * Riyadh is still yesterday for the first three hours after midnight.
 */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, f);
  }
  return f;
}

export interface HijriDate {
  year: number;
  /** 1 (Muharram) to 12 (Dhu al-Hijjah). */
  month: number;
  day: number;
}

/** The Umm al-Qura date of a Gregorian ISO date (Intl's 'islamic-umalqura' calendar); null for a bad date. */
export function toHijri(iso: string): HijriDate | null {
  const date = isoToUtc(iso);
  if (!date) return null;
  const parts = formatter('en-u-ca-islamic-umalqura-nu-latn', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number.parseInt(parts.find((p) => p.type === type)?.value ?? '', 10);
  return { year: part('year'), month: part('month'), day: part('day') };
}

export type DateStyle = 'short' | 'long';

const STYLE: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { year: 'numeric', month: '2-digit', day: '2-digit' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
};

/** The Gregorian date in the language's words and digits ('١١/٠٣/٢٠٢٤', '11 March 2024'); '' for no date. */
export function formatGregorian(
  iso: string | null | undefined,
  language: Language,
  style: DateStyle = 'short',
) {
  const date = iso ? isoToUtc(iso) : null;
  return date ? formatter(LOCALES[language], STYLE[style]).format(date) : '';
}

/** The Umm al-Qura Hijri date in the language's words and digits ('١ رمضان ١٤٤٥ هـ'); '' for no date. */
export function formatHijri(iso: string | null | undefined, language: Language, style: DateStyle = 'long') {
  const date = iso ? isoToUtc(iso) : null;
  if (!date) return '';
  const locale = `${LOCALES[language].split('-u-')[0]}-u-ca-islamic-umalqura${digitsTag(language)}`;
  return formatter(locale, STYLE[style]).format(date);
}

const digitsTag = (language: Language) => (language === 'ar' || language === 'ku' ? '-nu-arab' : '');

/**
 * The one date text of screens, prints and reports: the Gregorian date, and the Hijri one beside it when the
 * user asked for it ('11/03/2024 (1 Ramadan 1445 AH)').
 */
export function formatDate(
  iso: string | null | undefined,
  language: Language,
  options: { hijri?: boolean; style?: DateStyle } = {},
): string {
  const gregorian = formatGregorian(iso, language, options.style ?? 'short');
  if (!gregorian || !options.hijri) return gregorian;
  return `${gregorian} (${formatHijri(iso, language)})`;
}

/** Digits of any script (Arabic-Indic, Persian, Latin) as Latin ones: what a user types is read the same. */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** The language's own digits for Latin ones (a calendar's day numbers). */
export function localDigits(text: string, language: Language): string {
  if (!digitsTag(language)) return text;
  return text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

/**
 * What a user typed as a date, as ISO: day/month/year in the language's order with any separator and any
 * digits ('١١/٣/٢٠٢٤', '11.03.2024'), or ISO itself; null when it is no date.
 */
export function parseTypedDate(text: string): string | null {
  const latin = latinDigits(text).trim();
  if (!latin) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(latin)) return isoToUtc(latin) ? latin : null;
  const m = /^(\d{1,2})\D+(\d{1,2})\D+(\d{4})$/.exec(latin.replace(/[\u200e\u200f]/g, ''));
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isoToUtc(iso) ? iso : null;
}
