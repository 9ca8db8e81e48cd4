import { isAdmin } from '@royal/shared';
import type { MemberActor } from '../auth';

/**
 * Who may see the images of a verification request: the member who submitted it, and admins.
 * Everyone else is told the request does not exist (404), so ids cannot be probed.
 */
export function canViewVerificationImages(actor: MemberActor, ownerId: string): boolean {
  return actor.id === ownerId || isAdmin(actor.rules);
}
