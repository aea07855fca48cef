import { allPermissions } from '@erp/contracts/src/permissions';
import {
  fiscalYearAccessOf,
  groupState,
  permissionParts,
  pickerGroups,
  setGroup,
  setPermission,
  withFiscalYearAccess,
  filterGroup,
} from './permission-picker';

describe('permission picker (spec section 6)', () => {
  const groups = pickerGroups();
  const settings = groups.find((g) => g.group === 'settings')!;

  it('offers every permission once, by area, except the fiscal-year ones chosen apart', () => {
    const shown = groups.flatMap((g) => g.permissions);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.sort()).toEqual(
      allPermissions.filter((p) => p !== 'viewAllFiscalYears' && p !== 'viewFiscalYears').sort(),
    );
    expect(groups[0]!.group).toBe('mainData');
    expect(settings.permissions).toContain('viewUsers');
  });

  it('selects and clears a whole group, keeping the other groups', () => {
    let selected = ['viewItems', 'viewUsers'];
    expect(groupState(new Set(selected), settings)).toBe('some');
    selected = setGroup(selected, settings, true);
    expect(groupState(new Set(selected), settings)).toBe('all');
    expect(selected.filter((p) => p === 'viewUsers')).toHaveLength(1);
    selected = setGroup(selected, settings, false);
    expect(selected).toEqual(['viewItems']);
    expect(groupState(new Set(selected), settings)).toBe('none');
    expect(setPermission(setPermission([], 'addUsers', true), 'addUsers', false)).toEqual([]);
  });

  it('maps the fiscal-year permission to viewAllFiscalYears / viewFiscalYears', () => {
    expect(fiscalYearAccessOf(['viewFiscalYears'])).toBe('pick');
    expect(fiscalYearAccessOf(['viewAllFiscalYears', 'viewFiscalYears'])).toBe('all');
    expect(fiscalYearAccessOf([])).toBe('first');
    expect(withFiscalYearAccess(['viewUsers', 'viewFiscalYears'], 'all')).toEqual([
      'viewUsers',
      'viewAllFiscalYears',
    ]);
    expect(withFiscalYearAccess(['viewAllFiscalYears'], 'first')).toEqual([]);
  });

  it('splits names into verb and entity, special names whole', () => {
    expect(permissionParts('viewUsers')).toEqual({ verb: 'view', entity: 'Users' });
    expect(permissionParts('gLPost')).toEqual({ special: 'gLPost' });
    expect(permissionParts('closeSafes')).toEqual({ special: 'closeSafes' });
    expect(filterGroup(settings, (p) => p, 'BRANCH').permissions).toEqual([
      'viewBranches',
      'addBranches',
      'editBranches',
    ]);
  });
});
