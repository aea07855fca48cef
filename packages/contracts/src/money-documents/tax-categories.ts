/** ZATCA's VAT categories (UNTDID 5305 subset): standard, zero rated, exempt, out of scope. */
export const taxCategories = ['S', 'Z', 'E', 'O'] as const;
export type TaxCategory = (typeof taxCategories)[number];
