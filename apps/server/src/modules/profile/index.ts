// The profile module's public surface: onboarding and Edit Profile.

export { refreshAges } from './ages';
export { completeOnboarding, updateProfile } from './service';
