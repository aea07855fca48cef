import type { Language } from '../../languages';
import { ar } from './ar';
import { de } from './de';
import { en, type InventoryMessages } from './en';
import { fr } from './fr';
import { ku } from './ku';
import { pt } from './pt';

export type { InventoryMessages };

/** The inventory app's texts in the six languages (its reports, its stock transactions list). */
export const inventoryMessages: Record<Language, InventoryMessages> = { ar, en, fr, de, pt, ku };
