import { parseZatcaQr, zatcaQrText } from './zatca-qr';

describe("the tax authority's QR text (TLV tags 1 to 5, base64)", () => {
  it("encodes ZATCA's published example byte for byte", () => {
    // the example of ZATCA's QR code guideline (seller 'Bobs Records')
    const text = zatcaQrText({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      timestamp: '2022-04-25T15:30:00Z',
      total: '1000.00',
      vat: '150.00',
    });
    expect(text).toBe(
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    );
  });

  it('counts an Arabic name in bytes and reads every field back', () => {
    const fields = {
      sellerName: 'شركة التجارة المحدودة',
      vatNumber: '300000000000003',
      timestamp: '2026-11-27T09:15:00Z',
      total: '115.00',
      vat: '15.00',
    };
    const text = zatcaQrText(fields);
    const bytes = Buffer.from(text, 'base64');
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(Buffer.byteLength(fields.sellerName, 'utf8'));
    expect(parseZatcaQr(text)).toEqual(fields);
  });

  it('refuses a value too long for one length byte, and a truncated code', () => {
    expect(() =>
      zatcaQrText({ sellerName: 'x'.repeat(256), vatNumber: '3', timestamp: 't', total: '1', vat: '0' }),
    ).toThrow(RangeError);
    expect(() => parseZatcaQr(Buffer.from([1, 5, 65]).toString('base64'))).toThrow('truncated');
  });
});
