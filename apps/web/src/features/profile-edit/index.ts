// Public surface of the Edit Profile feature (its screen is a lazy route module).

export { useUpdateProfile } from './api/update-profile';
export { PromptsEditor } from './components/prompts-editor';
export { VerificationStatus } from './components/verification-status';
