import { WAITLIST_DECLINE_NOTE_MAX, type WaitlistApplication } from '@royal/shared';
import { ClipboardList } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cursorPagedTable, type DataTableColumn } from '@/components/ui/data-table';
import { type ApplicationDecision, useDecideApplication, usePendingApplications } from '../api/lists';
import { decisionToasts, Facts, filedAt } from './decision';
import { QueueItemDialog } from './queue-item-dialog';
import { QueueTable } from './queue-table';

const COLUMNS: readonly DataTableColumn<WaitlistApplication>[] = [
  { id: 'name', header: 'Name', cell: (a) => a.full_name, rowHeader: true },
  { id: 'city', header: 'City', cell: (a) => a.city },
  { id: 'email', header: 'E-mail', cell: (a) => a.email },
  { id: 'applied', header: 'Applied', cell: (a) => filedAt(a.created_at) },
];

/**
 * The Waitlist queue: pending applications, oldest first; one opens claimed, to be approved (the
 * invite is e-mailed) or declined with an optional note for the team.
 */
export function WaitlistTab() {
  const applications = usePendingApplications();
  return (
    <QueueTable
      caption="Pending waitlist applications, oldest first"
      columns={COLUMNS}
      loadingLabel="Loading waitlist applications..."
      empty={{
        title: 'No pending applications',
        description: 'Applications from the waitlist page appear here.',
        Icon: ClipboardList,
      }}
      list={cursorPagedTable(applications, 'Failed to load waitlist applications')}
      renderOpen={(application, close) => <ApplicationDialog application={application} onClose={close} />}
    />
  );
}

function ApplicationDialog({
  application,
  onClose,
}: {
  application: WaitlistApplication;
  onClose: () => void;
}) {
  const decide = useDecideApplication();
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const send = (decision: ApplicationDecision) =>
    decide.mutate(
      decision,
      decisionToasts(
        decision.verb === 'approve'
          ? {
              success: 'Application approved',
              successDetail: `An invite is on its way to ${application.email}`,
              failure: 'Failed to approve application',
              onDecided: onClose,
            }
          : { success: 'Application declined', failure: 'Failed to decline application', onDecided: onClose },
      ),
    );
  return (
    <QueueItemDialog
      queue="waitlist"
      itemId={application.id}
      title={application.full_name}
      description="Approving e-mails a single-use invite code; declining e-mails nothing."
      onClose={onClose}
      actions={(canDecide) =>
        declining ? (
          <>
            <Button variant="outline" disabled={decide.isPending} onClick={() => setDeclining(false)}>
              Cancel
            </Button>
            <Button
              disabled={!canDecide || decide.isPending}
              onClick={() =>
                send({ id: application.id, verb: 'decline', body: note.trim() ? { note: note.trim() } : {} })
              }
            >
              Decline
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="outline"
              disabled={!canDecide || decide.isPending}
              onClick={() => setDeclining(true)}
            >
              Decline
            </Button>
            <Button
              variant="gold"
              disabled={!canDecide || decide.isPending}
              onClick={() => send({ id: application.id, verb: 'approve' })}
            >
              Approve
            </Button>
          </>
        )
      }
    >
      <Facts
        items={[
          ['E-mail', application.email],
          ['City', application.city],
          ['Why they want to join', application.reason],
          ['Referral code', application.referral_code ?? '—'],
          ['Applied', filedAt(application.created_at)],
        ]}
      />
      {declining && (
        <div className="grid gap-2">
          <label htmlFor={noteId} className="font-semibold text-sm">
            Note for the team (optional, not e-mailed)
          </label>
          <textarea
            id={noteId}
            rows={3}
            maxLength={WAITLIST_DECLINE_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className="w-full rounded-xl border border-border bg-surface p-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
      )}
    </QueueItemDialog>
  );
}
