// Public surface of the Edit Profile feature (its screen is a lazy route module).
export { VerificationStatus } from './components/verification-status';
