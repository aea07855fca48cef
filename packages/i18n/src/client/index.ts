import { type Language } from '../languages';
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

export { directionOf, isLanguage } from '../languages';
