import {
  APPEAL_LIFTED_TOAST,
  APPEAL_UPHELD_TOAST,
  type AppealOutcome,
  ENFORCEMENT_NOTE_MAX,
  ENFORCEMENT_REASON_LABELS,
  type EnforcementAppeal,
  enforcementAppealDecisionSchema,
  NO_OPEN_APPEALS_TEXT,
} from '@royal/shared';
import { Scale, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { ReasonField } from '@/components/ui/reason-field';
import { decisionToasts, QueueItemDialog, QueueTable } from '@/features/admin-queues';
import { errorMessage, issueProblems } from '@/lib/api';
import { adminMemberPath } from '@/lib/paths';
import { useDecideAppeal, useEnforcementAppeals } from '../api/enforcement';
import { ActionFacts, actionHeadline, whenText } from './action-summary';

const COLUMNS: readonly DataTableColumn<EnforcementAppeal>[] = [
  { id: 'member', header: 'Member', cell: (a) => a.member.name, rowHeader: true },
  { id: 'action', header: 'Action', cell: (a) => actionHeadline(a.action) },
  { id: 'reason', header: 'Reason', cell: (a) => ENFORCEMENT_REASON_LABELS[a.action.reason_code] },
  { id: 'appealed', header: 'Appealed', cell: (a) => whenText(a.action.appealed_at ?? a.action.created_at) },
  { id: 'claimed', header: 'Claimed by', cell: (a) => (a.claimed_by_me ? 'You' : (a.claimed_by ?? '—')) },
];

/**
 * The Appeals queue (decision 060): members' appeals of a suspension or ban, oldest first; one opens
 * claimed, with the action and the member's words, to be upheld or lifted with a note.
 */
export function EnforcementAppealsTab() {
  const appeals = useEnforcementAppeals();
  return (
    <QueueTable
      caption="Appeals of suspensions and bans, oldest first"
      columns={COLUMNS}
      loadingLabel="Loading appeals..."
      empty={{
        title: NO_OPEN_APPEALS_TEXT,
        description: 'Appeals members send from the sign-in screen appear here.',
        Icon: Scale,
      }}
      list={{
        // The queue's item is the action appealed.
        rows: appeals.data?.items.map((appeal) => ({ ...appeal, id: appeal.action.id })),
        error: appeals.isError
          ? {
              title: 'Failed to load appeals',
              message: errorMessage(appeals.error),
              onRetry: () => void appeals.refetch(),
              retrying: appeals.isFetching,
            }
          : null,
      }}
      renderOpen={(appeal, close) => <AppealDialog appeal={appeal} onClose={close} />}
    />
  );
}

function AppealDialog({ appeal, onClose }: { appeal: EnforcementAppeal; onClose: () => void }) {
  const decide = useDecideAppeal(appeal.member.id);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const act = (outcome: AppealOutcome) => {
    const parsed = enforcementAppealDecisionSchema.safeParse({ outcome, note });
    if (!parsed.success) {
      setProblem(issueProblems(parsed.error.issues).note ?? null);
      return;
    }
    decide.mutate(
      { actionId: appeal.action.id, body: parsed.data },
      decisionToasts({
        success: outcome === 'upheld' ? APPEAL_UPHELD_TOAST : APPEAL_LIFTED_TOAST,
        successDetail: appeal.member.name,
        failure: 'Failed to decide appeal',
        onDecided: onClose,
      }),
    );
  };
  return (
    <QueueItemDialog
      queue="enforcement-appeals"
      itemId={appeal.action.id}
      title={`Appeal from ${appeal.member.name}`}
      description={actionHeadline(appeal.action)}
      onClose={onClose}
      actions={(canDecide) => (
        <>
          <Button variant="outline" disabled={!canDecide || decide.isPending} onClick={() => act('upheld')}>
            Uphold
          </Button>
          <Button variant="primary" disabled={!canDecide || decide.isPending} onClick={() => act('lifted')}>
            Lift
          </Button>
        </>
      )}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <section aria-labelledby={`${id}-appeal`} className="grid content-start gap-2">
          <h3 id={`${id}-appeal`} className="font-semibold text-foreground">
            Their appeal
          </h3>
          <p className="whitespace-pre-wrap rounded-2xl bg-surface-muted p-4 text-foreground text-sm">
            {appeal.action.appeal_text}
          </p>
          <p className="text-muted-foreground text-xs">
            {appeal.member.email} · sent {whenText(appeal.action.appealed_at ?? appeal.action.created_at)}
          </p>
          <Link
            to={adminMemberPath(appeal.member.id)}
            className="inline-flex items-center gap-1.5 font-semibold text-primary text-sm underline-offset-4 hover:underline dark:text-gold-300"
          >
            <UserRound aria-hidden="true" className="size-4" />
            Open {appeal.member.name} in Users
          </Link>
        </section>
        <section aria-labelledby={`${id}-action`} className="grid content-start gap-2">
          <h3 id={`${id}-action`} className="font-semibold text-foreground">
            The action
          </h3>
          <ActionFacts action={appeal.action} />
          <ReasonField
            id={`${id}-note`}
            label="Note for the team"
            value={note}
            onChange={(value) => {
              setNote(value);
              setProblem(null);
            }}
            maxLength={ENFORCEMENT_NOTE_MAX}
            problem={problem}
          />
        </section>
      </div>
    </QueueItemDialog>
  );
}
