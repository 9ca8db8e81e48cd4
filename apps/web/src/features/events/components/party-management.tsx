import { Crown, PartyPopper, ScanLine, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentMember } from '@/features/auth';
import { paths } from '@/lib/paths';
import { BulkInviteDialog } from './bulk-invite-dialog';
import { CheckInSystemDialog } from './party-management-check-in';

/**
 * The spec's "Party Management" widget at the top of the events list, for admins and promoters:
 * Create New Party (the event form), Bulk Invite and the Check-in System. Members never see it (and
 * the API would refuse them each of these).
 */
export function PartyManagement() {
  const me = useCurrentMember();
  const [inviting, setInviting] = useState(false);
  const [checkingIn, setCheckingIn] = useState(false);
  if (!me.capabilities.can_create_parties) return null;
  return (
    <section
      aria-labelledby="party-management-title"
      className="flex flex-col gap-4 rounded-3xl bg-gradient-to-br from-royal-700 via-royal-900 to-royal-950 p-4 text-white ring-1 ring-gold-400/40 sm:p-5"
    >
      <div>
        <h2
          id="party-management-title"
          className="flex items-center gap-2 font-display text-gold-200 text-xl"
        >
          <Crown aria-hidden="true" className="size-5" />
          Party Management
        </h2>
        <p className="mt-1 text-sm text-white/80">Create parties, invite members by tier and run the door.</p>
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <Button asChild variant="gold">
          <Link to={paths.eventNew}>
            <PartyPopper aria-hidden="true" className="size-4" />
            Create New Party
          </Link>
        </Button>
        <Button variant="glass" onClick={() => setInviting(true)}>
          <Send aria-hidden="true" className="size-4" />
          Bulk Invite
        </Button>
        <Button variant="glass" onClick={() => setCheckingIn(true)}>
          <ScanLine aria-hidden="true" className="size-4" />
          Check-in System
        </Button>
      </div>
      <BulkInviteDialog open={inviting} onOpenChange={setInviting} />
      <CheckInSystemDialog open={checkingIn} onOpenChange={setCheckingIn} />
    </section>
  );
}
