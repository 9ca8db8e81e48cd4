// Public surface of the admin Analytics tab (mounted by the admin dashboard's tab registry).
export { AnalyticsTab } from './components/analytics-tab';
