import * as server from './phone-check';
import * as browser from './phone-check.browser';

// The web builds swap phone-check.ts for phone-check.browser.ts (packages/web-build, issue 12): once its metadata
// is loaded the browser's rule is the server's, number for number; before, it checks the shape only.
const numbers = [
  '0551234567',
  '+966551234567',
  '055 123 4567',
  '0051234567',
  '1512345678',
  '12345',
  '+9665512345678901',
  'abc',
  '',
];

describe('the phone rule in the browser', () => {
  it('accepts only a plausible shape before the metadata arrives', () => {
    expect(browser.isValidPhone('0051234567')).toBe(true); // the server has the last word
    expect(browser.isValidPhone('12345')).toBe(false);
    expect(browser.isValidPhone('abc')).toBe(false);
  });

  it('is exactly as strict as the server once loaded', async () => {
    await browser.loadPhoneRules();
    for (const n of numbers) expect([n, browser.isValidPhone(n)]).toEqual([n, server.isValidPhone(n)]);
    expect(browser.isValidPhone('07701234567', 'IQ')).toBe(server.isValidPhone('07701234567', 'IQ'));
    expect(browser.isValidPhone('0051234567')).toBe(false);
  });
});
