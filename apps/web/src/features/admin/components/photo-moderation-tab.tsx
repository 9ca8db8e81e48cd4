import { type ModerationItem, PHOTO_MODERATION_STATUS_LABELS } from '@royal/shared';
import { Inbox, RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { errorMessage } from '@/lib/api';
import { useSideScrollFade } from '@/lib/scroll-edges';
import { type ModerationList, useDecideAppeal, useDecidePhoto, useModerationList } from '../api/moderation';
import { ModerationCard } from './moderation-card';
import { RejectDialog } from './reject-dialog';

const LISTS: ReadonlyArray<{ list: ModerationList; label: string }> = [
  { list: 'pending', label: PHOTO_MODERATION_STATUS_LABELS.pending },
  { list: 'approved', label: PHOTO_MODERATION_STATUS_LABELS.approved },
  { list: 'rejected', label: PHOTO_MODERATION_STATUS_LABELS.rejected },
  { list: 'appeals', label: 'Appeals' },
];

const EMPTY: Record<ModerationList, string> = {
  pending: 'No photos are waiting for review.',
  approved: 'No approved photos yet.',
  rejected: 'No rejected photos.',
  appeals: 'No appeals are waiting for a decision.',
};

/** The spec's 'Photo {action}d successfully', with the right past tense. */
const PAST = { approve: 'approved', reject: 'rejected' } as const;

const TRIGGER =
  'min-h-10 cursor-pointer whitespace-nowrap rounded-full px-3 font-semibold text-muted-foreground text-sm transition hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground';

/** The admin dashboard's Photo Moderation tab: Pending Review / Approved / Rejected, the appeals queue, Refresh. */
export function PhotoModerationTab() {
  const [list, setList] = useState<ModerationList>('pending');
  const query = useModerationList(list);
  const listRow = useSideScrollFade<HTMLDivElement>();
  const decide = useDecidePhoto();
  const decideAppeal = useDecideAppeal();
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);
  const busy = decide.isPending || decideAppeal.isPending;

  const photoDecision = (item: ModerationItem, action: 'approve' | 'reject', reason?: string) =>
    decide.mutate(
      { id: item.id, body: action === 'approve' ? { action } : { action, rejection_reason: reason ?? '' } },
      {
        onSuccess: () => {
          toast.success(`Photo ${PAST[action]} successfully`);
          setRejecting(null);
        },
        onError: (error) => toast.error(`Failed to ${action} photo`, { description: errorMessage(error) }),
      },
    );

  const appealDecision = (item: ModerationItem, action: 'approve' | 'reject') =>
    decideAppeal.mutate(
      { id: item.id, body: { action } },
      {
        onSuccess: () =>
          toast.success(
            action === 'approve' ? 'Appeal approved: photo restored' : 'Appeal rejected: decision stands',
          ),
        onError: (error) => toast.error(`Failed to ${action} appeal`, { description: errorMessage(error) }),
      },
    );

  const content = query.isPending ? (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="aspect-[4/6] rounded-3xl" />
      ))}
    </div>
  ) : query.isError ? (
    <LoadErrorPanel
      title="Failed to fetch photos for moderation"
      message={errorMessage(query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  ) : query.data.items.length === 0 ? (
    <StatusPanel Icon={Inbox} title="All clear" description={EMPTY[list]} />
  ) : (
    <ul
      aria-label={LISTS.find((l) => l.list === list)?.label}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      {query.data.items.map((item) => (
        <ModerationCard
          key={item.id}
          item={item}
          mode={list === 'appeals' ? 'appeal' : 'photo'}
          busy={busy}
          onApprove={() =>
            list === 'appeals' ? appealDecision(item, 'approve') : photoDecision(item, 'approve')
          }
          onReject={() => (list === 'appeals' ? appealDecision(item, 'reject') : setRejecting(item))}
        />
      ))}
    </ul>
  );

  return (
    <div className="flex flex-col gap-4">
      <Tabs.Root
        value={list}
        onValueChange={(value) => setList(value as ModerationList)}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-wrap items-center gap-3">
          <Tabs.List
            aria-label="Moderation lists"
            {...listRow}
            className="scroll-fade-x flex w-full min-w-0 gap-1 overflow-x-auto rounded-full bg-surface-muted p-1 sm:w-auto sm:flex-1"
          >
            {LISTS.map(({ list: value, label }) => (
              <Tabs.Trigger key={value} value={value} className={TRIGGER}>
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Button
            variant="outline"
            className="ml-auto"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden="true" className={query.isFetching ? 'size-4 animate-spin' : 'size-4'} />
            Refresh
          </Button>
        </div>
        {/* Radix renders only the selected list's panel. */}
        {LISTS.map(({ list: value }) => (
          <Tabs.Content key={value} value={value} className="focus:outline-none">
            {content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <RejectDialog
        item={rejecting}
        busy={busy}
        onReject={(reason) => rejecting && photoDecision(rejecting, 'reject', reason)}
        onClose={() => setRejecting(null)}
      />
    </div>
  );
}
