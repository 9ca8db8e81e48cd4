// Public surface of the verification feature: the wizard, the 'Verify' trigger for Edit Profile and
// the note on the member's last attempt.
export { myVerificationQueryOptions, useMyVerification } from './api/verification';
export { LastVerificationNote } from './components/last-verification-note';
export { VerificationWizard } from './components/verification-wizard';
export { VerifyTrigger } from './components/verify-trigger';
