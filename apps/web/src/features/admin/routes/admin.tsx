import { isAdmin } from '@royal/shared';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { AdminGate } from '@/features/admin-gate';
import { QueueCountBadge } from '@/features/admin-queues';
import { SummaryCards } from '@/features/admin-summary';
import { useCurrentMember } from '@/features/auth';
import { useSideScrollFade } from '@/lib/scroll-edges';
import { ADMIN_TABS } from '../tabs';

const TRIGGER =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 font-semibold text-muted-foreground text-sm transition hover:text-foreground data-[state=active]:border-gold-400 data-[state=active]:text-foreground';

/**
 * /admin (lazy route module): the admin dashboard, for admins (AdminGate), and for promoters with
 * only their tabs (Events). The server refuses every admin route to anyone else; the gate only
 * spares them the empty page.
 */
export default function AdminRoute() {
  return (
    <AdminGate promoters>
      <AdminDashboard />
    </AdminGate>
  );
}

function AdminDashboard() {
  const admin = isAdmin(useCurrentMember());
  const tabs = admin ? ADMIN_TABS : ADMIN_TABS.filter((t) => t.promoters);
  const [params, setParams] = useSearchParams();
  const tabRow = useSideScrollFade<HTMLDivElement>();
  const first = tabs[0]?.id ?? '';
  const tab = tabs.some((t) => t.id === params.get('tab')) ? (params.get('tab') as string) : first;
  return (
    <div className="flex flex-col gap-5">
      <h1 className="font-display text-3xl text-foreground">Admin Dashboard</h1>
      {admin && <SummaryCards />}
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        {/* Eleven tabs: on a desktop they wrap to a second row, all in sight; narrower, the row scrolls.
            Relative, so the count badges' screen-reader words (absolutely placed) scroll with the
            row instead of widening the page (a phone found 341 px of overflow). */}
        <Tabs.List
          {...tabRow}
          aria-label="Admin sections"
          className="scroll-fade-x relative flex gap-1 overflow-x-auto border-border border-b xl:flex-wrap xl:overflow-x-visible"
        >
          {tabs.map(({ id, label, Icon, queue }) => (
            <Tabs.Trigger key={id} value={id} className={TRIGGER}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
              {admin && queue && <QueueCountBadge queue={queue} />}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ id, Component }) => (
          <Tabs.Content key={id} value={id} className="pt-5 focus:outline-none">
            <Component />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
