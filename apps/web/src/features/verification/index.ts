// Public surface of the verification feature: the wizard and the 'Verify' trigger for Edit Profile.
export { myVerificationQueryOptions, useMyVerification } from './api/verification';
export { VerificationWizard } from './components/verification-wizard';
export { VerifyTrigger } from './components/verify-trigger';
