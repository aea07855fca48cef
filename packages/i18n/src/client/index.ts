import { languages, RTL_LANGUAGES, type Language } from '../index';
import { ar } from './ar';
import { de } from './de';
import { en, type ClientMessages } from './en';
import { fr } from './fr';
import { ku } from './ku';
import { pt } from './pt';

export type { ClientMessages };
export { findMessageProblems, type MessageTree } from './check';

/** The shell's and the UI kit's texts in the six languages (spec section 1). */
export const clientMessages: Record<Language, ClientMessages> = { ar, en, fr, de, pt, ku };

/** 'rtl' for Arabic and Kurdish (spec section 1). */
export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
