/** A phone as typed, without the spaces, brackets and dashes people write in it. */
export function normalisePhone(raw: string): string {
  return raw.replace(/[\s()-]/g, '');
}

/** The shape any valid number has (an optional +, then 6 to 15 digits): what the browser checks before the metadata arrives. */
export function plausiblePhone(raw: string): boolean {
  return /^\+?\d{6,15}$/.test(normalisePhone(raw));
}
