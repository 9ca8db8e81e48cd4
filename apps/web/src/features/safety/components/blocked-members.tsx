import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { errorMessage } from '@/lib/api';
import { useBlockedMembers, useUnblockMember } from '../api/safety';

/** The Safety Center's list of blocked members, newest first, each with Unblock ('User Unblocked'). */
export function BlockedMembers() {
  const blocked = useBlockedMembers();
  const unblock = useUnblockMember();
  if (blocked.isPending) return <Spinner label="Loading blocked members..." />;
  if (blocked.isError) {
    return (
      <LoadErrorPanel
        title="Failed to load blocked members"
        message={errorMessage(blocked.error)}
        onRetry={() => blocked.refetch()}
        retrying={blocked.isFetching}
      />
    );
  }
  if (blocked.data.items.length === 0) {
    return (
      <StatusPanel
        Icon={ShieldCheck}
        title="No one blocked"
        description="Block a member from their profile or your chat, and they'll be listed here."
      />
    );
  }
  return (
    <ul aria-label="Blocked members" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {blocked.data.items.map((block) => (
        <li
          key={block.id}
          className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-3"
        >
          <MemberAvatar name={block.name} src={null} size="md" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-foreground">{block.name}</p>
            <p className="truncate text-muted-foreground text-sm">
              Blocked {new Date(block.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}
              {block.reason ? ` · ${block.reason}` : ''}
            </p>
          </div>
          <Button
            variant="outline"
            className="min-h-11"
            aria-label={`Unblock ${block.name}`}
            disabled={unblock.isPending && unblock.variables === block.id}
            onClick={() =>
              unblock.mutate(block.id, {
                onSuccess: () => toast.success('User Unblocked'),
                onError: () => toast.error('Failed to unblock user'),
              })
            }
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
