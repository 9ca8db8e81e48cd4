// Public surface of the admin Verification tab (mounted by the admin dashboard's tab registry).
export { VerificationTab } from './components/verification-tab';
