import { DiscoveryScreen } from '../components/discovery-screen';

/** /app (lazy route module). */
export default function DiscoveryRoute() {
  return <DiscoveryScreen />;
}
