import { SubscriptionScreen } from '../components/subscription-screen';

/** /subscription (lazy route module). */
export default function SubscriptionRoute() {
  return <SubscriptionScreen />;
}
