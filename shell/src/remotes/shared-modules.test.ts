import providedByShell from '@erp/web-build/src/provided-by-shell.json';
import { sharedModuleNames } from './shared-modules';

describe('modules the shell provides to the feature apps', () => {
  it('are the ones the web build shares (a feature app finds each of them on the page)', () => {
    expect([...sharedModuleNames].sort()).toEqual([...providedByShell].sort());
  });
});
