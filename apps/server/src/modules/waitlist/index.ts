// The waitlist module's public surface: the invite rule sign-up runs behind.
export { signUpBehindInvite } from './sign-up-gate';
