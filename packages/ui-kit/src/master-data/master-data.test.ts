import {
  agents,
  areas,
  cars,
  customers,
  discountTypes,
  entitiesOf,
  items,
  maxTemperatures,
} from '@erp/contracts';
import { parseManifest } from '../manifest';
import { MANIFEST_VERSION } from '../contract';
import {
  emptyValues,
  fieldErrorsOf,
  readsLeftToRight,
  roundInput,
  toPayload,
  validate,
  valuesFromRecord,
  type EntityRecord,
} from './form-model';
import { masterDataManifest } from './manifest-messages';

describe('the master-data form model', () => {
  it('reads numbers, codes and barcodes left to right, names in the language', () => {
    expect(readsLeftToRight({ name: 'barcode', kind: 'text' })).toBe(true);
    expect(readsLeftToRight({ name: 'code', kind: 'text' })).toBe(true);
    expect(readsLeftToRight({ name: 'salesPrice', kind: 'decimal' })).toBe(true);
    expect(readsLeftToRight({ name: 'scaleCode', kind: 'text', digits: 5 })).toBe(true);
    expect(readsLeftToRight({ name: 'arabicName', kind: 'text' })).toBe(false);
    expect(readsLeftToRight({ name: 'notes', kind: 'textarea' })).toBe(false);
  });

  it('validates with the entity schema and speaks the server texts, in the user language', () => {
    const empty = validate(cars, emptyValues(cars), 'ar');
    expect(empty).toEqual({ arabicName: 'هذا الحقل مطلوب', plateNumber: 'هذا الحقل مطلوب' });
    const bad = validate(
      customers,
      { ...emptyValues(customers), arabicName: 'عميل', taxNumber: '123', creditLimit: '0', phone: '12' },
      'en',
    );
    expect(bad).toEqual({
      taxNumber: 'The tax number is 15 digits starting and ending with 3',
      creditLimit: 'The value must be more than zero',
      phone: 'Enter a valid phone number',
    });
    const over = validate(
      discountTypes,
      { ...emptyValues(discountTypes), arabicName: 'x', discountPercentage: '101' },
      'en',
    );
    expect(over.discountPercentage).toBe('The value is too large (at most 100)');
    expect(validate(areas, { ...emptyValues(areas), arabicName: 'منطقة' }, 'ar')).toEqual({});
  });

  it("names the commission range a rule refuses, in the user's language (issue 14)", () => {
    const ranges = (...pairs: [string, string][]) => ({
      ...emptyValues(agents),
      arabicName: 'مندوب',
      commissionRanges: pairs.map(([fromAmount, toAmount]) => ({
        fromAmount,
        toAmount,
        commissionType: 'percentage',
        commission: '1',
      })),
    });
    expect(validate(agents, ranges(['0', '100'], ['90', '200']), 'ar').commissionRanges).toBe(
      'لا يمكن أن تبدأ الشريحة 2 بأقل من نهاية الشريحة 1',
    );
    expect(validate(agents, ranges(['0', '100'], ['300', '200']), 'en').commissionRanges).toBe(
      'Range 2: the end must be above the start',
    );
    expect(validate(agents, ranges(['0', '100'], ['100', '200']), 'en')).toEqual({});
  });

  it("says 'more than 1' for a conversion rate of 1, the rule's own words (issue 12 item 7)", () => {
    const withRate = (conversionRate: string) => ({
      ...emptyValues(items),
      arabicName: 'صنف',
      units: [{ unitId: 'u1', conversionRate }],
    });
    expect(validate(items, withRate('1'), 'en')['units.0.conversionRate']).toBe(
      'The value must be more than 1',
    );
    expect(validate(items, withRate('1'), 'ar')['units.0.conversionRate']).toBe(
      'يجب أن تكون القيمة أكبر من 1',
    );
    expect(validate(items, withRate('1.5'), 'en')['units.0.conversionRate']).toBeUndefined();
  });

  it('keeps decimals as strings and rounds them with a decimal library, except the spec exceptions', () => {
    const capacity = cars.fields.find((f) => f.name === 'capacity')!;
    const percentage = discountTypes.fields.find((f) => f.name === 'discountPercentage')!;
    expect(roundInput(capacity, '9.456', 2)).toBe('9.46');
    expect(roundInput(capacity, '1.005', 2)).toBe('1.01'); // a float would give 1.00
    expect(roundInput(capacity, '-2.5', 0)).toBe('-3'); // half away from zero
    expect(roundInput(percentage, '12.345', 2)).toBe('12.345');
    expect(roundInput(capacity, 'abc', 2)).toBe('abc');
    const temperature = maxTemperatures.fields[0]!;
    expect(roundInput(temperature, ' 32.456 ', 1)).toBe('32.5');
  });

  it('sends englishName from arabicName when empty, null for an empty decimal, and keeps secrets out', () => {
    const body = toPayload(cars, { ...emptyValues(cars), arabicName: 'خلاطة', plateNumber: 'P1' });
    expect(body).toMatchObject({
      code: '',
      arabicName: 'خلاطة',
      englishName: 'خلاطة',
      capacity: null,
      isActive: true,
    });
    const record = {
      id: 'd1',
      code: '7',
      arabicName: 'خصم',
      englishName: 'Discount',
      discountPercentage: '12.5',
      secretCodeIsSet: true,
      allowedUsers: ['u1'],
      isActive: false,
    } as EntityRecord;
    const values = valuesFromRecord(discountTypes, record);
    expect(values).toMatchObject({
      code: '7',
      discountPercentage: '12.5',
      secretCode: '',
      allowedUsers: ['u1'],
    });
    expect(
      fieldErrorsOf([
        { field: 'code', message: 'used' },
        { field: 'code', message: 'again' },
      ]),
    ).toEqual({
      code: 'used',
    });
  });
});

describe('the master-data manifest parts', () => {
  it('gives each service its lists, the spec pages for cars, drivers and discount types, any-of flags', () => {
    const concrete = masterDataManifest(entitiesOf('concrete'));
    const manifest = { version: MANIFEST_VERSION, name: 'mfe_concrete', ...concrete };
    expect(parseManifest('mfe_concrete', manifest)).toEqual(manifest);
    expect(concrete.routes.filter((r) => r.path.startsWith('/cars/'))).toEqual([
      { path: '/cars/new', permission: 'addCars', layout: 'vertical', titleKey: 'cars' },
      { path: '/cars/edit/:id', permission: 'editCars', layout: 'vertical', titleKey: 'cars' },
    ]);
    expect(concrete.menu.find((m) => m.path === '/cars')).toMatchObject({
      group: 'mainData',
      icon: 'pi pi-car',
      anyFlags: ['concrete', 'carShowroom'],
    });
    expect(concrete.messages.ar?.cars).toBe('السيارات');
    const sales = masterDataManifest(entitiesOf('sales'));
    expect(sales.routes.map((r) => r.path)).toEqual([
      '/areas',
      '/discount-types',
      '/discount-types/new',
      '/discount-types/edit/:id',
      '/dealersClassification',
      '/agents',
      '/agentItinerary',
      '/customers',
    ]);
  });
});
