import { InterestsScreen } from '../components/interests-screen';

/** /interests (lazy route module). */
export default function InterestsRoute() {
  return <InterestsScreen />;
}
