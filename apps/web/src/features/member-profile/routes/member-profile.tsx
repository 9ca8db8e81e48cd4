import { useParams } from 'react-router';
import { MemberProfileScreen } from '../components/member-profile-screen';

/** /profile/:userId (lazy route module). Keyed by id, so another profile starts fresh. */
export default function MemberProfileRoute() {
  const { userId = '' } = useParams();
  return <MemberProfileScreen key={userId} userId={userId} />;
}
