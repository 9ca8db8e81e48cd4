import type { VerificationRequest } from '@royal/shared';
import { useMyVerification } from '../api/verification';

/**
 * What became of the member's last attempt, when it did not verify them: why it was rejected, or
 * that it expired before anyone reviewed it (not their doing, so not in the rejection's red).
 */
function noteFor(request: VerificationRequest): { text: string; className: string } | null {
  if (request.status === 'rejected' && request.rejection_reason) {
    return {
      text: `Your last verification was rejected: ${request.rejection_reason}`,
      className: 'text-rose-700 text-sm dark:text-rose-300',
    };
  }
  if (request.status === 'expired') {
    return {
      text: 'Your last verification expired before it was reviewed. You can submit again.',
      className: 'text-amber-800 text-sm dark:text-amber-200',
    };
  }
  return null;
}

/**
 * The note beside the Verify button (VerifyTrigger) of a member whose last attempt was rejected or
 * expired: the button starts a new one. Nothing otherwise. A component of its own, so each page puts
 * it where it reads best (Edit Profile's row gives it a line of its own).
 */
export function LastVerificationNote() {
  const { data } = useMyVerification();
  const note = data && !data.verified && data.request ? noteFor(data.request) : null;
  return note && <p className={note.className}>{note.text}</p>;
}
