import { useCurrentMember } from '@/features/auth';
import { LastVerificationNote, VerifyTrigger } from '@/features/verification';
import { ProfileForm } from '../components/profile-form';
import { VerificationStatus } from '../components/verification-status';

/** /profile/edit (lazy route module): Edit Profile. */
export default function ProfileEditRoute() {
  const me = useCurrentMember();
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl text-foreground">Edit Profile</h1>
        {/* Verification: the wizard's Verify button goes into this row's `action` (issue 11). */}
        <VerificationStatus
          verified={me.verified}
          action={<VerifyTrigger />}
          note={<LastVerificationNote />}
        />
      </header>
      <ProfileForm me={me} />
    </div>
  );
}
