import {
  type QueuedReport,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  type ReportOutcome,
  type ReportStatus,
} from '@royal/shared';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useDecideReport, useOpenReports, useReportHistory } from '../api/lists';
import { DateDisputes } from './date-disputes';
import { decisionToasts, Facts, filedAt, MemberInUsersLink } from './decision';
import { QueueItemDialog } from './queue-item-dialog';
import { QueueSection, QueueTable, queryTable } from './queue-table';

const STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  open: 'Open',
  reviewing: 'Under review',
  resolved: 'Actioned',
  dismissed: 'Dismissed',
};

const COLUMNS: readonly DataTableColumn<QueuedReport>[] = [
  { id: 'reported', header: 'Reported member', cell: (r) => r.reported.name, rowHeader: true },
  { id: 'reason', header: 'Reason', cell: (r) => REPORT_REASON_LABELS[r.reason] },
  {
    id: 'against',
    header: 'Open reports',
    cell: (r) => r.open_reports_against,
    align: 'end',
  },
  { id: 'reporter', header: 'Reported by', cell: (r) => r.reporter?.name ?? 'A deleted account' },
  { id: 'filed', header: 'Filed', cell: (r) => filedAt(r.created_at) },
];

/**
 * The Reports tab: members' reports, and the disputed no-show claims on date plans (issue 39), each
 * answered by an admin's decision.
 */
export function ReportsTab() {
  return (
    <div className="grid gap-8">
      <OpenReports />
      <DateDisputes />
    </div>
  );
}

/**
 * The Reports queue: open reports, oldest first (whoever has waited longest first); one opens
 * claimed, beside the reported member's history, to be actioned or dismissed with a note.
 */
function OpenReports() {
  const reports = useOpenReports();
  return (
    <QueueSection title="Member reports" description="Open reports, oldest first.">
      <QueueTable
        caption="Open reports, oldest first"
        columns={COLUMNS}
        loadingLabel="Loading reports..."
        empty={{
          title: 'No open reports',
          description: 'Reports members file appear here.',
          Icon: ShieldCheck,
        }}
        list={queryTable(reports, 'Failed to load reports')}
        renderOpen={(report, close) => <ReportDialog report={report} onClose={close} />}
      />
    </QueueSection>
  );
}

function ReportDialog({ report, onClose }: { report: QueuedReport; onClose: () => void }) {
  const decide = useDecideReport();
  const [note, setNote] = useState('');
  const noteId = useId();
  const act = (outcome: ReportOutcome) =>
    decide.mutate(
      { id: report.id, body: { outcome, ...(note.trim() ? { note: note.trim() } : {}) } },
      decisionToasts({
        success: outcome === 'actioned' ? 'Report actioned' : 'Report dismissed',
        failure: 'Failed to decide report',
        onDecided: onClose,
      }),
    );
  return (
    <QueueItemDialog
      queue="reports"
      itemId={report.id}
      title={`Report against ${report.reported.name}`}
      onClose={onClose}
      actions={(canDecide) => (
        <>
          <Button
            variant="outline"
            disabled={!canDecide || decide.isPending}
            onClick={() => act('dismissed')}
          >
            Dismissed
          </Button>
          <Button variant="primary" disabled={!canDecide || decide.isPending} onClick={() => act('actioned')}>
            Actioned
          </Button>
        </>
      )}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <section aria-labelledby={`${noteId}-report`} className="grid content-start gap-3">
          <h3 id={`${noteId}-report`} className="font-semibold text-foreground">
            This report
          </h3>
          <Facts
            items={[
              ['Reason', REPORT_REASON_LABELS[report.reason]],
              ['Details', report.details || '—'],
              ['Reported by', report.reporter?.name ?? 'A deleted account'],
              ['Filed', filedAt(report.created_at)],
              ['Open reports against them', report.open_reports_against],
            ]}
          />
          <MemberInUsersLink member={report.reported} />
          <label htmlFor={noteId} className="font-semibold text-sm">
            Note for the audit log (optional)
          </label>
          <textarea
            id={noteId}
            rows={3}
            maxLength={REPORT_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className="w-full rounded-xl border border-border bg-surface p-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring"
          />
        </section>
        <ReportedHistory reportId={report.id} labelId={`${noteId}-history`} />
      </div>
    </QueueItemDialog>
  );
}

/** The reported member's other reports, newest first, and how each ended. */
function ReportedHistory({ reportId, labelId }: { reportId: string; labelId: string }) {
  const history = useReportHistory(reportId);
  return (
    <section aria-labelledby={labelId} className="grid content-start gap-3">
      <h3 id={labelId} className="font-semibold text-foreground">
        Their history
      </h3>
      {history.isPending && (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading their history...</span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
      {history.isError && <p className="text-danger text-sm">{errorMessage(history.error)}</p>}
      {history.isSuccess && history.data.earlier.length === 0 && (
        <p className="text-muted-foreground text-sm">No earlier reports</p>
      )}
      {history.isSuccess && history.data.earlier.length > 0 && (
        <ul className="grid gap-2">
          {history.data.earlier.map((earlier) => (
            <li
              key={earlier.id}
              className="rounded-xl border border-border bg-surface-muted px-3 py-2 text-sm"
            >
              <span className="font-medium text-foreground">{REPORT_REASON_LABELS[earlier.reason]}</span>
              {' · '}
              {STATUS_LABELS[earlier.status]}
              <span className="block text-muted-foreground text-xs">
                Filed {filedAt(earlier.created_at)}
                {earlier.resolved_at ? ` · decided ${filedAt(earlier.resolved_at)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
