import {
  buildScaleBarcode,
  ean13CheckDigit,
  gtinCheckDigit,
  isValidGtin,
  posConfigurationOf,
  posConfigurationSchema,
  readScaleBarcode,
  scalePrefixes,
  type ScaleLabelConfig,
} from './scale-barcode';

const weight: ScaleLabelConfig = { prefix: '20', mode: 'weight' };
const price: ScaleLabelConfig = { prefix: '20', mode: 'price' };

describe('GS1 check digits', () => {
  it("computes the GS1 General Specifications' worked example (629104150021 → 3)", () => {
    expect(ean13CheckDigit('629104150021')).toBe(3);
  });

  it.each(['4006381333931', '5901234123457', '9780201379624'])('accepts the published EAN-13 %s', (code) => {
    expect(ean13CheckDigit(code.slice(0, 12))).toBe(Number(code[12]));
    expect(isValidGtin(code)).toBe(true);
  });

  it('validates EAN-8, UPC-A and GTIN-14 with the same rule', () => {
    expect(isValidGtin('96385074')).toBe(true); // EAN-8 of the GS1 check-digit calculator
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('10614141000415')).toBe(true); // GTIN-14 of GS1 US's examples
    expect(isValidGtin('96385075')).toBe(false);
    expect(isValidGtin('036000291453')).toBe(false);
  });

  it('refuses what is not a GTIN', () => {
    expect(isValidGtin('400638133393')).toBe(false); // twelve digits, wrong as a UPC-A
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('40063813339a1')).toBe(false);
    expect(isValidGtin('123456')).toBe(false);
    expect(isValidGtin('')).toBe(false);
    expect(() => ean13CheckDigit('62910415002')).toThrow(RangeError);
    expect(() => gtinCheckDigit('62910415002x')).toThrow(RangeError);
  });

  // an independent model: the EAN-13 rule as the specification words it, positions counted from the left
  // (odd positions weigh 1, even positions 3), against random twelve-digit bodies from a fixed seed
  it('agrees with a left-to-right model over 5,000 random bodies (seed 15)', () => {
    let state = 15;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state;
    };
    for (let n = 0; n < 5000; n++) {
      let body = '';
      for (let i = 0; i < 12; i++) body += String(next() % 10);
      let odd = 0;
      let even = 0;
      for (let position = 1; position <= 12; position++) {
        if (position % 2 === 1) odd += Number(body[position - 1]);
        else even += Number(body[position - 1]);
      }
      const total = odd + 3 * even;
      const model = total % 10 === 0 ? 0 : 10 - (total % 10);
      expect(ean13CheckDigit(body)).toBe(model);
      expect(isValidGtin(`${body}${model}`)).toBe(true);
      expect(isValidGtin(`${body}${(model + 1) % 10}`)).toBe(false);
    }
  });
});

describe('readScaleBarcode', () => {
  // labels built and checked by hand: 2·1 + 0·3 + 1·1 + 2·3 + 3·1 + 4·3 + 5·1 + 0·3 + 1·1 + 2·3 + 5·1 + 0·3 = 41 → 9
  it('reads a weight label (prefix 20, scale code 12345, 1.250 kg)', () => {
    expect(readScaleBarcode('2012345012509', weight)).toEqual({
      scale: true,
      ok: true,
      scaleCode: '12345',
      weight: '1.250',
    });
  });

  it('reads the same digits as a price in price mode (12.50)', () => {
    expect(readScaleBarcode('2012345012509', price)).toEqual({
      scale: true,
      ok: true,
      scaleCode: '12345',
      price: '12.50',
    });
  });

  it('reads the extremes exactly: 0.001 kg, 99.999 kg, 999.99', () => {
    // 2·1+3·3+0+0+0+1·3+2·1+0+0+0+0+1·3 = 19 → 1
    expect(readScaleBarcode('2300012000011', { prefix: '23', mode: 'weight' })).toMatchObject({
      ok: true,
      scaleCode: '00012',
      weight: '0.001',
    });
    // 2·1 + 9·3 + (9·1 + 9·3) · 5 = 209 → 1
    const heavy = buildScaleBarcode({ prefix: '29', mode: 'weight' }, '99999', '99.999');
    expect(heavy).toBe('2999999999991');
    expect(readScaleBarcode(heavy, { prefix: '29', mode: 'weight' })).toMatchObject({ weight: '99.999' });
    expect(readScaleBarcode(heavy, { prefix: '29', mode: 'price' })).toMatchObject({ price: '999.99' });
  });

  it('refuses a label whose check digit is wrong', () => {
    for (const wrong of ['2012345012500', '2012345012508', '2012345012501']) {
      expect(readScaleBarcode(wrong, weight)).toEqual({ scale: true, ok: false, code: 'badCheckDigit' });
    }
    // a single misread digit is always caught
    expect(readScaleBarcode('2012345912509', weight)).toMatchObject({ ok: false, code: 'badCheckDigit' });
  });

  it('refuses a weight or a price of zero', () => {
    // 2·1 + 0·3 + 1·1 + 2·3 + 3·1 + 4·3 + 5·1 = 29 → 1
    const zero = '2012345000001';
    expect(ean13CheckDigit(zero.slice(0, 12))).toBe(1);
    expect(readScaleBarcode(zero, weight)).toEqual({ scale: true, ok: false, code: 'zeroWeight' });
    expect(readScaleBarcode(zero, price)).toEqual({ scale: true, ok: false, code: 'zeroPrice' });
  });

  it('leaves ordinary barcodes alone, published EANs and other prefixes included', () => {
    for (const code of ['4006381333931', '5901234123457', '9780201379624', '6291041500213']) {
      expect(readScaleBarcode(code, weight)).toEqual({ scale: false });
    }
    // a 23-label read by a company on prefix 20, and a 20-label by one on 23
    expect(readScaleBarcode('2312345012500', weight)).toEqual({ scale: false });
    expect(readScaleBarcode('2012345012509', { prefix: '23', mode: 'weight' })).toEqual({ scale: false });
    // wrong length, garbled, five-digit scale codes typed by hand
    for (const code of ['201234501250', '20123450125090', '20123450125a9', '12345', '', ' 2012345012509']) {
      expect(readScaleBarcode(code, weight)).toEqual({ scale: false });
    }
  });

  it('reads back every label it builds, for every prefix', () => {
    for (const prefix of scalePrefixes) {
      const label = buildScaleBarcode({ prefix, mode: 'weight' }, '00417', '2.5');
      expect(isValidGtin(label)).toBe(true);
      expect(readScaleBarcode(label, { prefix, mode: 'weight' })).toEqual({
        scale: true,
        ok: true,
        scaleCode: '00417',
        weight: '2.500',
      });
    }
    expect(buildScaleBarcode(price, '00417', '7.35')).toBe('2000417007355');
    expect(() => buildScaleBarcode(weight, '0041', '1')).toThrow(RangeError);
    expect(() => buildScaleBarcode(weight, '00417', '100')).toThrow(RangeError);
    expect(() => buildScaleBarcode(weight, '00417', '1.0005')).toThrow(RangeError);
  });
});

describe('POS configuration', () => {
  it('defaults to prefix 20 and weight', () => {
    expect(posConfigurationSchema.parse({})).toEqual({ scalePrefix: '20', scaleMode: 'weight' });
    expect(posConfigurationOf(null)).toEqual({ scalePrefix: '20', scaleMode: 'weight' });
    expect(posConfigurationOf({ scalePrefix: '31' })).toEqual({ scalePrefix: '20', scaleMode: 'weight' });
  });

  it('takes the prefixes 20 to 29 and the two modes only', () => {
    expect(posConfigurationSchema.parse({ scalePrefix: '23', scaleMode: 'price' })).toEqual({
      scalePrefix: '23',
      scaleMode: 'price',
    });
    for (const bad of [
      { scalePrefix: '30' },
      { scalePrefix: '19' },
      { scalePrefix: 23 },
      { scaleMode: 'x' },
    ]) {
      expect(posConfigurationSchema.safeParse(bad).success).toBe(false);
    }
    expect(posConfigurationSchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
