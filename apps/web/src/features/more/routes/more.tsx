import { MoreScreen } from '../components/more-screen';

/** /more (lazy route module). */
export default function MoreRoute() {
  return <MoreScreen />;
}
