import { Permission as P } from '../permissions';
import { defineEntity } from './declare';
import { same, notes, dealerFields } from './entities-shared';

/** Purchases', the restaurant's and concrete's main data (spec section 2). */
export const suppliers = defineEntity({
  name: 'suppliers',
  service: 'purchases',
  route: '/suppliers',
  apiPath: '/api/Suppliers',
  permissions: { view: P.viewSuppliers, add: P.addSuppliers, edit: P.editSuppliers },
  fields: dealerFields,
  menu: { group: 'dealers', icon: 'pi pi-truck' },
});

// ---- restaurant ----------------------------------------------------------------------------------

export const tables = defineEntity({
  name: 'tables',
  service: 'restaurant',
  route: '/tables',
  apiPath: '/api/Tables',
  permissions: same('viewTables'),
  fields: [
    { name: 'tableNumber', kind: 'integer', required: true, minValue: 1, unique: true, list: true },
    { name: 'chairs', kind: 'integer', required: true, minValue: 1, maxValue: 100, list: true },
    { name: 'section', kind: 'text', max: 60, list: true, search: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-table', flags: ['restaurant'] },
});

// ---- concrete ------------------------------------------------------------------------------------

export const carColors = defineEntity({
  name: 'carColors',
  service: 'concrete',
  route: '/car-colors',
  apiPath: '/api/CarColors',
  permissions: same('viewColor'),
  fields: [],
  menu: { group: 'mainData', icon: 'pi pi-palette', flags: ['concrete', 'carShowroom'] },
});

export const carTypes = defineEntity({
  name: 'carTypes',
  service: 'concrete',
  route: '/cars-types',
  apiPath: '/api/CarTypes',
  permissions: same('viewCarTypes'),
  fields: [
    { name: 'kind', kind: 'enum', options: ['mixer', 'pump', 'truck', 'other'], required: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-sitemap', flags: ['concrete', 'carShowroom'] },
});

export const cars = defineEntity({
  name: 'cars',
  service: 'concrete',
  route: '/cars',
  apiPath: '/api/Cars',
  permissions: { view: P.viewCars, add: P.addCars, edit: P.editCars },
  fields: [
    { name: 'plateNumber', kind: 'text', max: 20, required: true, unique: true, list: true, search: true },
    { name: 'chassisNumber', kind: 'text', max: 30, unique: true, list: true, search: true },
    { name: 'carTypeId', kind: 'reference', reference: 'carTypes', list: true },
    { name: 'carColorId', kind: 'reference', reference: 'carColors', list: true },
    { name: 'model', kind: 'text', max: 40, list: true },
    // mixer drum or pump capacity in cubic metres
    { name: 'capacity', kind: 'decimal', minValue: 0 },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-car', flags: ['concrete', 'carShowroom'] },
});

export const drivers = defineEntity({
  name: 'drivers',
  service: 'concrete',
  route: '/drivers',
  apiPath: '/api/Drivers',
  permissions: { view: P.viewDrivers, add: P.addDrivers, edit: P.editDrivers },
  fields: [
    { name: 'phone', kind: 'phone', list: true, search: true, unique: true },
    { name: 'licenseNumber', kind: 'text', max: 30, list: true, unique: true },
    { name: 'carId', kind: 'reference', reference: 'cars', list: true },
    { name: 'isActive', kind: 'boolean', defaultValue: true, list: true },
  ],
  menu: { group: 'mainData', icon: 'pi pi-id-card', flags: ['concrete'] },
});

export const projects = defineEntity({
  name: 'projects',
  service: 'concrete',
  route: '/projects',
  apiPath: '/api/Projects',
  permissions: same('viewProjects'),
  fields: [
    { name: 'address', kind: 'text', max: 300, list: true, search: true },
    { name: 'contactPerson', kind: 'text', max: 120 },
    { name: 'phone', kind: 'phone' },
    notes,
  ],
  menu: { group: 'mainData', icon: 'pi pi-briefcase', flags: ['concrete', 'contractsAndConstruction'] },
});

export const cementTypes = defineEntity({
  name: 'cementTypes',
  service: 'concrete',
  route: '/cementTypes',
  apiPath: '/api/CementTypes',
  permissions: same('viewCementTypes'),
  fields: [notes],
  menu: { group: 'concrete', icon: 'pi pi-box', flags: ['concrete'] },
});

export const castingTypes = defineEntity({
  name: 'castingTypes',
  service: 'concrete',
  route: '/castingTypes',
  apiPath: '/api/CastingTypes',
  permissions: same('viewCastingTypes'),
  fields: [notes],
  menu: { group: 'concrete', icon: 'pi pi-objects-column', flags: ['concrete'] },
});

export const maxTemperatures = defineEntity({
  name: 'maxTemperatures',
  service: 'concrete',
  route: '/maxTemperature',
  apiPath: '/api/MaxTemperatures',
  permissions: same('viewMaxTemperature'),
  fields: [
    { name: 'temperature', kind: 'decimal', required: true, minValue: -50, maxValue: 100, list: true },
  ],
  menu: { group: 'concrete', icon: 'pi pi-sun', flags: ['concrete'] },
});
