// Public surface of the safety feature (blocks and reports); other features import from here only.
export { useSafeLocations } from './api/safety';
export { BLOCKED_TOAST } from './components/block-dialog';
export { BlockedMembers } from './components/blocked-members';
export { MemberSafetyActions } from './components/member-safety-actions';
export { REPORT_SUBMITTED_TOAST } from './components/report-dialog';
