import { OnboardingFlow } from '../components/onboarding-flow';

/** /onboarding (lazy route module): the first-run questions after sign-up. */
export default function OnboardingRoute() {
  return <OnboardingFlow />;
}
