import { type AdminSummary, formatCents, groupedInteger } from '@royal/shared';
import { Crown, DollarSign, type LucideIcon, RotateCcw, TrendingUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminSummary } from '../api/summary';

const GRID = 'grid gap-3 sm:grid-cols-2 xl:grid-cols-4';

function Card({
  Icon,
  title,
  value,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-1 rounded-2xl border border-border bg-surface p-4 shadow-[0_12px_32px_-24px_rgba(44,20,80,0.45)]">
      <h2 className="flex items-center justify-between gap-2 font-semibold text-muted-foreground text-sm">
        {title}
        <Icon aria-hidden="true" className="size-4 text-primary dark:text-gold-300" />
      </h2>
      <p className="font-display text-3xl text-foreground">{value}</p>
      <div className="text-muted-foreground text-xs">{children}</div>
    </li>
  );
}

function Cards({ summary }: { summary: AdminSummary }) {
  const { revenue } = summary;
  return (
    <ul aria-label="Summary" className={GRID}>
      <Card Icon={Users} title="Total Users" value={groupedInteger(summary.total_users)}>
        {groupedInteger(summary.active_subscriptions)} active subscriptions
      </Card>
      <Card Icon={DollarSign} title="Revenue" value={formatCents(revenue.total_cents)}>
        Deposits {formatCents(revenue.deposits_cents)} · Plans {formatCents(revenue.subscriptions_cents)} ·
        Boosts {formatCents(revenue.boosts_cents)}
      </Card>
      <Card Icon={TrendingUp} title="Paid Users" value={groupedInteger(summary.paid_users)}>
        {summary.conversion_percent}% conversion
      </Card>
      <Card Icon={Crown} title="Tier 4 Users" value={groupedInteger(summary.tier4_users)}>
        Vault Verified
      </Card>
    </ul>
  );
}

/**
 * The dashboard's four summary cards above the tabs (spec part 2 §2). They are a glance, not the
 * work: while they load they hold their place, and when they fail they say so in one quiet line so
 * the tabs below stay the page's business.
 */
export function SummaryCards() {
  const summary = useAdminSummary();
  if (summary.isPending)
    return (
      <div role="status" className={GRID}>
        <span className="sr-only">Loading summary...</span>
        {['users', 'revenue', 'paid', 'vault'].map((card) => (
          <Skeleton key={card} className="h-28 rounded-2xl" />
        ))}
      </div>
    );
  if (summary.isError)
    return (
      <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
        The summary could not be loaded.
        <button
          type="button"
          onClick={() => void summary.refetch()}
          disabled={summary.isFetching}
          className="inline-flex min-h-11 cursor-pointer items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline disabled:cursor-wait dark:text-gold-300"
        >
          <RotateCcw aria-hidden="true" className="size-3.5" />
          Try Again
        </button>
      </p>
    );
  return <Cards summary={summary.data} />;
}
