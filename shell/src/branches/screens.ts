export { BranchesPage } from './BranchesPage';
export { BranchFormPage } from './BranchFormPage';
