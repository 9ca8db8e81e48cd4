import { isAdmin } from '@royal/shared';
import { ShieldAlert, ShieldX } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { paths } from '@/lib/paths';
import { useSideScrollFade } from '@/lib/scroll-edges';
import { useAdminSecondFactor } from '../api/second-factor-gate';
import { ADMIN_TABS } from '../tabs';

const TRIGGER =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 font-semibold text-muted-foreground text-sm transition hover:text-foreground data-[state=active]:border-gold-400 data-[state=active]:text-foreground';

/**
 * /admin (lazy route module): the admin dashboard, admins only. The server refuses every admin route
 * to anyone else; this screen only spares them the empty page.
 */
export default function AdminRoute() {
  const me = useCurrentMember();
  const [params, setParams] = useSearchParams();
  const tabRow = useSideScrollFade<HTMLDivElement>();
  const secondFactor = useAdminSecondFactor(isAdmin(me));
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
  // The admin's tabs load admin data at once: wait to know the server would answer them.
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
  const first = ADMIN_TABS[0]?.id ?? '';
  const tab = ADMIN_TABS.some((t) => t.id === params.get('tab')) ? (params.get('tab') as string) : first;
  return (
    <div className="flex flex-col gap-5">
      <h1 className="font-display text-3xl text-foreground">Admin Dashboard</h1>
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <Tabs.List
          {...tabRow}
          aria-label="Admin sections"
          className="scroll-fade-x flex gap-1 overflow-x-auto border-border border-b"
        >
          {ADMIN_TABS.map(({ id, label, Icon }) => (
            <Tabs.Trigger key={id} value={id} className={TRIGGER}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map(({ id, Component }) => (
          <Tabs.Content key={id} value={id} className="pt-5 focus:outline-none">
            <Component />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
