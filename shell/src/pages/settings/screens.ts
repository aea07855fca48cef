export { CompanyPage } from './CompanyPage';
export { InvoiceTemplatePage } from './InvoiceTemplatePage';
export { PosConfigurationPage } from './PosConfigurationPage';
export { LogsPage } from './LogsPage';
export { SystemEventsPage } from './SystemEventsPage';
export { SupportTicketsPage } from './SupportTicketsPage';
export { SubscriptionDataPage } from './SubscriptionDataPage';
export { ChangePasswordPage } from './ChangePasswordPage';
