// The profile module's public surface: onboarding and Edit Profile.

export { refreshAges } from './ages';
export { profileRoutes } from './routes';
export { completeOnboarding, updateProfile } from './service';
