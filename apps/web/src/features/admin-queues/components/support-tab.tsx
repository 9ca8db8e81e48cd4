import { type QueuedSupportRequest, SUPPORT_TOPIC_LABELS } from '@royal/shared';
import { Inbox } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cursorPagedTable, type DataTableColumn } from '@/components/ui/data-table';
import { useCloseSupportRequest, useOpenSupportRequests } from '../api/lists';
import { decisionToasts, Facts, filedAt } from './decision';
import { QueueItemDialog } from './queue-item-dialog';
import { QueueTable } from './queue-table';

const COLUMNS: readonly DataTableColumn<QueuedSupportRequest>[] = [
  { id: 'member', header: 'Member', cell: (r) => r.member.name, rowHeader: true },
  { id: 'topic', header: 'Topic', cell: (r) => SUPPORT_TOPIC_LABELS[r.topic] },
  {
    id: 'message',
    header: 'Message',
    cell: (r) => <span className="block max-w-[28ch] truncate">{r.message}</span>,
  },
  { id: 'filed', header: 'Filed', cell: (r) => filedAt(r.created_at) },
];

/** The Support queue: open requests, oldest first; one opens claimed, to be read and closed. */
export function SupportTab() {
  const requests = useOpenSupportRequests();
  return (
    <QueueTable
      caption="Open support requests, oldest first"
      columns={COLUMNS}
      loadingLabel="Loading support requests..."
      empty={{
        title: 'No open support requests',
        description: 'Requests from the Help dialog appear here.',
        Icon: Inbox,
      }}
      list={cursorPagedTable(requests, 'Failed to load support requests')}
      renderOpen={(request, close) => <SupportRequestDialog request={request} onClose={close} />}
    />
  );
}

function SupportRequestDialog({ request, onClose }: { request: QueuedSupportRequest; onClose: () => void }) {
  const closeRequest = useCloseSupportRequest();
  return (
    <QueueItemDialog
      queue="support-requests"
      itemId={request.id}
      title={`${SUPPORT_TOPIC_LABELS[request.topic]} from ${request.member.name}`}
      onClose={onClose}
      actions={(canDecide) => (
        <Button
          disabled={!canDecide || closeRequest.isPending}
          onClick={() =>
            closeRequest.mutate(
              { id: request.id },
              decisionToasts({
                success: 'Support request closed',
                failure: 'Failed to close support request',
                onDecided: onClose,
              }),
            )
          }
        >
          Close Request
        </Button>
      )}
    >
      <Facts
        items={[
          ['From', request.member.name],
          ['Topic', SUPPORT_TOPIC_LABELS[request.topic]],
          ['Filed', filedAt(request.created_at)],
        ]}
      />
      <p className="whitespace-pre-wrap rounded-2xl bg-surface-muted p-4 text-foreground text-sm">
        {request.message}
      </p>
    </QueueItemDialog>
  );
}
