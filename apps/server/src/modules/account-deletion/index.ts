// The account-deletion module's public surface: its pseudonym (other modules may show it) and the
// inactivity retention job's two passes (decision 053).
export { deleteInactiveMembers, warnInactiveMembers } from './inactive';
export { DELETED_MEMBER_NAME } from './scrub';
