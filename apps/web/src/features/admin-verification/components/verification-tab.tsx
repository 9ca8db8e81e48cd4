import { ID_UNDECIDED_RETENTION_DAYS, VERIFICATION_STATUSES, type VerificationStatus } from '@royal/shared';
import { Inbox, RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { CardSkeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { errorMessage } from '@/lib/api';
import { useAdminVerifications } from '../api/admin-verification';
import { VerificationCard } from './verification-card';

/** Each list's tab, and what its empty state says the list holds. */
const TABS: Readonly<Record<VerificationStatus, { label: string; holds: string }>> = {
  pending: { label: 'Pending Review', holds: 'New submissions appear here.' },
  approved: { label: 'Approved', holds: 'Approved requests appear here.' },
  rejected: { label: 'Rejected', holds: 'Rejected requests appear here.' },
  expired: {
    label: 'Expired',
    holds: `Requests nobody reviewed within ${ID_UNDECIDED_RETENTION_DAYS} days appear here.`,
  },
};

/**
 * The admin dashboard's Verification tab (spec part 2 §2): Pending Review / Approved / Rejected,
 * and ours, Expired (requests nobody decided in time, whose images are deleted), Refresh, and a
 * card per request. Self-contained, to be mounted in the /admin tab registry.
 */
export function VerificationTab() {
  const [status, setStatus] = useState<VerificationStatus>('pending');
  return (
    <Tabs.Root
      value={status}
      onValueChange={(value) => setStatus(value as VerificationStatus)}
      className="grid gap-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Tabs.List
          aria-label="Verification requests"
          className="flex flex-wrap gap-1 rounded-full bg-surface-muted p-1"
        >
          {VERIFICATION_STATUSES.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="min-h-10 cursor-pointer rounded-full px-4 font-medium text-muted-foreground text-sm transition data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow"
            >
              {TABS[value].label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <RefreshButton status={status} />
      </div>
      {VERIFICATION_STATUSES.map((value) => (
        <Tabs.Content key={value} value={value} className="focus:outline-none">
          <RequestList status={value} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function RefreshButton({ status }: { status: VerificationStatus }) {
  const list = useAdminVerifications(status);
  return (
    <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
      <RefreshCw aria-hidden className={list.isFetching ? 'size-4 motion-safe:animate-spin' : 'size-4'} />
      Refresh
    </Button>
  );
}

function RequestList({ status }: { status: VerificationStatus }) {
  const list = useAdminVerifications(status);
  if (list.isPending) return <CardSkeleton label="Loading verification requests..." />;
  if (list.isError) {
    return (
      <LoadErrorPanel
        title="Failed to fetch verification requests"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.items.length === 0) {
    return (
      <StatusPanel
        Icon={Inbox}
        title={`No ${TABS[status].label.toLowerCase()} requests`}
        description={TABS[status].holds}
      />
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {list.data.items.map((item) => (
        <VerificationCard key={item.id} item={item} />
      ))}
    </div>
  );
}
