import { MessagesScreen } from '../components/messages-screen';

/** /messages (lazy route module). */
export default function MessagesRoute() {
  return <MessagesScreen />;
}
