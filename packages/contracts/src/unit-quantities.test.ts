import { inMainUnit, totalsByMainUnit, unitBreakdown } from './unit-quantities';

const piece = 'piece';
const carton = 'carton';
const pack = 'pack';
const rates = new Map<string, string>([
  [piece, '1'],
  [carton, '24'],
  [pack, '6'],
]);

describe('quantities in an item’s units (issue 12 item 5)', () => {
  it('counts 5 cartons and 10 pieces as 130 pieces, not 15', () => {
    const total = totalsByMainUnit([
      { quantity: '5', unitId: carton, mainUnitId: piece, rates },
      { quantity: '10', unitId: piece, mainUnitId: piece, rates },
    ]);
    expect(total).toEqual([{ unitId: piece, quantity: '130' }]);
  });

  it('converts with exact decimals (no float drift)', () => {
    const kg = new Map<string, string>([
      ['kg', '1'],
      ['g', '0.001'],
      ['sack', '0.1'],
    ]);
    expect(inMainUnit('0.3', 'sack', kg).toString()).toBe('0.03');
    expect(inMainUnit('1234.567', 'g', kg).toString()).toBe('1.234567');
    expect(
      inMainUnit('0.1', 'kg', kg)
        .plus(inMainUnit('0.2', 'kg', kg))
        .toString(),
    ).toBe('0.3');
    // a unit the item does not know counts as its main unit
    expect(inMainUnit('7', 'unknown', kg).toString()).toBe('7');
  });

  it('keeps items of different main units apart', () => {
    const kg = new Map<string, string>([['kg', '1']]);
    expect(
      totalsByMainUnit([
        { quantity: '2', unitId: carton, mainUnitId: piece, rates },
        { quantity: '1.5', unitId: 'kg', mainUnitId: 'kg', rates: kg },
      ]),
    ).toEqual([
      { unitId: piece, quantity: '48' },
      { unitId: 'kg', quantity: '1.5' },
    ]);
  });

  it('breaks a main-unit quantity down into whole larger units, largest first', () => {
    expect(unitBreakdown('53', piece, rates)).toEqual([
      { unitId: carton, quantity: '2' },
      { unitId: piece, quantity: '5' },
    ]);
    expect(
      unitBreakdown(
        '54',
        piece,
        new Map([
          [piece, '1'],
          [carton, '24'],
        ]),
      ),
    ).toEqual([
      { unitId: carton, quantity: '2' },
      { unitId: piece, quantity: '6' },
    ]);
    expect(unitBreakdown('61.5', piece, rates)).toEqual([
      { unitId: carton, quantity: '2' },
      { unitId: pack, quantity: '2' },
      { unitId: piece, quantity: '1.5' },
    ]);
    expect(unitBreakdown('48', piece, rates)).toEqual([{ unitId: carton, quantity: '2' }]);
    expect(unitBreakdown('0', piece, rates)).toEqual([{ unitId: piece, quantity: '0' }]);
    expect(unitBreakdown('-30', piece, rates)).toEqual([
      { unitId: carton, quantity: '-1' },
      { unitId: pack, quantity: '-1' },
    ]);
  });
});
