export { UsersPage } from './UsersPage';
export { UserFormPage } from './UserFormPage';
