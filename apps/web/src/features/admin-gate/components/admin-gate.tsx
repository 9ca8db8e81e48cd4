import { canCreateParties, isAdmin } from '@royal/shared';
import { ShieldAlert, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { paths } from '@/lib/paths';
import { useAdminSecondFactor } from '../api/second-factor';

/**
 * An admin-only page's door (/admin, /migration): anyone else sees "Admins only", an admin without
 * a confirmed second factor is sent to set it up or to sign in again (decision 057). The server
 * refuses every admin route to them anyway; this only spares them an empty page. With
 * `promoters`, a promoter comes in too (the page shows them only what their own routes answer:
 * events and the door), without the admins' second factor, which their routes do not ask for.
 */
export function AdminGate({ children, promoters = false }: { children: ReactNode; promoters?: boolean }) {
  const me = useCurrentMember();
  const secondFactor = useAdminSecondFactor(isAdmin(me));
  if (promoters && !isAdmin(me) && canCreateParties(me)) return children;
  if (!isAdmin(me)) {
    return (
      <StatusPanel
        Icon={ShieldX}
        tone="danger"
        title="Admins only"
        description="This page is for Royal Circle admins."
      >
        <Button asChild>
          <Link to={paths.app}>Go Home</Link>
        </Button>
      </StatusPanel>
    );
  }
  // The page loads admin data at once: wait to know the server would answer it.
  if (secondFactor.isPending) {
    return (
      <div role="status" className="flex justify-center py-10">
        <span className="sr-only">Loading...</span>
        <Skeleton className="h-64 w-full rounded-3xl" />
      </div>
    );
  }
  if (secondFactor.data && !secondFactor.data.enabled) {
    return (
      <StatusPanel
        Icon={ShieldAlert}
        tone="danger"
        title="Turn on two-factor authentication"
        description="Admins must protect their account with a code from an authenticator app before using admin tools."
      >
        <Button asChild>
          <Link to={`${paths.settings}#security`}>Set Up Two-Factor</Link>
        </Button>
      </StatusPanel>
    );
  }
  if (secondFactor.data && !secondFactor.data.session_confirmed) {
    return (
      <StatusPanel
        Icon={ShieldAlert}
        tone="danger"
        title="Confirm it’s you"
        description="Sign out and sign in again with your two-factor code or a passkey to use admin tools."
      />
    );
  }
  return children;
}
