// Public surface of the admin Audit Log tab (issue 37), for the dashboard's tab registry.
export { AuditLogTab } from './components/audit-log-tab';
