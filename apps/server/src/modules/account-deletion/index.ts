// The account-deletion module's public surface: its pseudonym (other modules may show it).
export { DELETED_MEMBER_NAME } from './scrub';
