// Public surface of the onboarding feature (its screen is a lazy route module).
export { useCompleteOnboarding } from './api/complete-onboarding';
