export { CompanyPage } from './CompanyPage';
export { LogsPage } from './LogsPage';
export { SupportTicketsPage } from './SupportTicketsPage';
export { SubscriptionDataPage } from './SubscriptionDataPage';
export { ChangePasswordPage } from './ChangePasswordPage';
