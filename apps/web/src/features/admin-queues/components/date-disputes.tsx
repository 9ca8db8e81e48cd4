import {
  AUDIT_ACTION_LABELS,
  CHECK_IN_BAND_LABELS,
  type DatePlanDecisionBody,
  type DatePlanDispute,
  datePlanDecisionBodySchema,
  formatCents,
} from '@royal/shared';
import { CalendarCheck } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { ReasonField } from '@/components/ui/reason-field';
import { issueProblems } from '@/lib/api';
import { useDatePlanDisputes, useDecideDispute } from '../api/lists';
import { decisionToasts, Facts, filedAt, MemberInUsersLink } from './decision';
import { ItemDialog } from './queue-item-dialog';
import { QueueSection, QueueTable, queryTable } from './queue-table';

type Outcome = DatePlanDecisionBody['outcome'];
type Side = DatePlanDispute['claimant'];

/**
 * The longest note the server takes, read from the decision's own schema (shared has no constant
 * for it); `maxLength` is null only for a string without a maximum, which this one has.
 */
const NOTE_MAX = datePlanDecisionBodySchema.shape.note.unwrap().maxLength ?? Number.MAX_SAFE_INTEGER;

/** The date's time and a check-in's, as the admin's clock shows them: "Jun 3, 2025, 8:05 PM". */
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** Where and when a member checked in ("Checked in within 100 m · Jun 3, 2025, 8:05 PM"), or that they did not. */
function checkInText(side: Side): string {
  if (!side.checked_in_at) return 'Did not check in';
  const how = side.check_in_band ? CHECK_IN_BAND_LABELS[side.check_in_band] : 'Checked in';
  return `${how} · ${dateTime(side.checked_in_at)}`;
}

const placeText = (place: DatePlanDispute['place']) =>
  place.verified ? place.name : `${place.name} (unverified)`;

/**
 * What a decision does with the money, member by member: upheld, the claimant's deposit returns and
 * the other's goes to the claimant; rejected, both return (as decide-dispute.ts settles them).
 */
export function settlementText(dispute: DatePlanDispute, outcome: Outcome): string {
  const { claimant, disputer } = dispute;
  const moves = [
    { from: claimant, to: claimant },
    { from: disputer, to: outcome === 'uphold' ? claimant : disputer },
  ]
    .filter(({ from }) => from.deposit_cents > 0)
    .map(({ from, to }) =>
      from === to
        ? `${from.name}’s ${formatCents(from.deposit_cents)} deposit returns to ${from.name}.`
        : `${from.name}’s ${formatCents(from.deposit_cents)} deposit goes to ${to.name}.`,
    );
  return moves.length > 0 ? moves.join(' ') : 'Neither of them put down a deposit, so no money moves.';
}

const OUTCOMES: Readonly<
  Record<Outcome, { button: string; question: string; confirm: string; toast: string }>
> = {
  uphold: {
    button: 'Uphold claim',
    question: 'Uphold the no-show claim?',
    confirm: 'Uphold and settle',
    toast: AUDIT_ACTION_LABELS['date_plan.claim_upheld'],
  },
  reject: {
    button: 'Reject claim',
    question: 'Reject the no-show claim?',
    confirm: 'Reject and settle',
    toast: AUDIT_ACTION_LABELS['date_plan.claim_rejected'],
  },
};

/** A member's side in a row: their deposit, and their check-in. */
function SideCell({ side }: { side: Side }) {
  return (
    <span className="grid">
      <span>Deposit {formatCents(side.deposit_cents)}</span>
      <span className="text-muted-foreground text-xs">{checkInText(side)}</span>
    </span>
  );
}

const COLUMNS: readonly DataTableColumn<DatePlanDispute>[] = [
  { id: 'claimant', header: 'Claimed by', cell: (d) => d.claimant.name, rowHeader: true },
  { id: 'claimant-side', header: 'Claimant’s side', cell: (d) => <SideCell side={d.claimant} /> },
  { id: 'disputer', header: 'Disputed by', cell: (d) => d.disputer.name },
  { id: 'disputer-side', header: 'Disputer’s side', cell: (d) => <SideCell side={d.disputer} /> },
  {
    id: 'date',
    header: 'Date',
    cell: (d) => (
      <span className="grid">
        <span>{dateTime(d.starts_at)}</span>
        <span className="text-muted-foreground text-xs">{placeText(d.place)}</span>
      </span>
    ),
  },
  {
    id: 'statement',
    header: 'Statement',
    cell: (d) => (
      <span title={d.disputer.statement} className="block max-w-64 truncate">
        {d.disputer.statement}
      </span>
    ),
  },
];

/**
 * Disputed no-show claims on date plans (issue 39), oldest dispute first: both members, their
 * deposits and check-ins, and the disputer's statement; one opens to be upheld or rejected, which
 * settles both deposits (audited). They are not claimed like the other queues' items: a second
 * decision is refused by the server (409) and the list is read again.
 */
export function DateDisputes() {
  const disputes = useDatePlanDisputes();
  return (
    <QueueSection
      title="Date disputes"
      description="No-show claims the other member disputed, oldest first. Your decision settles both deposits."
    >
      <QueueTable
        caption="Disputed no-show claims, oldest first"
        columns={COLUMNS}
        loadingLabel="Loading date disputes..."
        empty={{
          title: 'No open date disputes',
          description: 'When a member disputes a no-show claim, it appears here with both sides.',
          Icon: CalendarCheck,
        }}
        list={queryTable(disputes, 'Failed to load date disputes')}
        renderOpen={(dispute, close) => <DisputeDialog dispute={dispute} onClose={close} />}
      />
    </QueueSection>
  );
}

function DisputeDialog({ dispute, onClose }: { dispute: DatePlanDispute; onClose: () => void }) {
  const { claimant, disputer } = dispute;
  const decide = useDecideDispute();
  const [choice, setChoice] = useState<Outcome | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const settle = (outcome: Outcome) => {
    const parsed = datePlanDecisionBodySchema.safeParse({ outcome, ...(note.trim() ? { note } : {}) });
    if (!parsed.success) {
      setProblem(issueProblems(parsed.error.issues).note ?? null);
      setChoice(null);
      return;
    }
    decide.mutate(
      { id: dispute.id, body: parsed.data },
      decisionToasts({
        success: OUTCOMES[outcome].toast,
        successDetail: settlementText(dispute, outcome),
        failure: 'Failed to decide dispute',
        onDecided: onClose,
      }),
    );
  };

  return (
    <ItemDialog
      title={`${claimant.name}’s no-show claim against ${disputer.name}`}
      description={`${claimant.name} says ${disputer.name} did not come to their date; ${disputer.name} disputes it.`}
      onClose={onClose}
      actions={
        choice ? (
          <>
            <Button variant="outline" disabled={decide.isPending} onClick={() => setChoice(null)}>
              Back
            </Button>
            <Button variant="primary" disabled={decide.isPending} onClick={() => settle(choice)}>
              {decide.isPending ? 'Settling...' : OUTCOMES[choice].confirm}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => setChoice('reject')}>
              {OUTCOMES.reject.button}
            </Button>
            <Button variant="primary" onClick={() => setChoice('uphold')}>
              {OUTCOMES.uphold.button}
            </Button>
          </>
        )
      }
    >
      <section aria-labelledby={`${id}-date`} className="grid content-start gap-3">
        <h3 id={`${id}-date`} className="font-semibold text-foreground">
          The date
        </h3>
        <Facts
          items={[
            ['When', dateTime(dispute.starts_at)],
            ['Place', placeText(dispute.place)],
            ['Address', dispute.place.address || '—'],
            ['Claimed', filedAt(dispute.claimed_at)],
            ['Disputed', filedAt(dispute.disputed_at)],
          ]}
        />
      </section>
      <div className="grid gap-5 md:grid-cols-2">
        <SideFacts labelId={`${id}-claimant`} title={`${claimant.name}, who claims`} side={claimant} />
        <SideFacts labelId={`${id}-disputer`} title={`${disputer.name}, who disputes`} side={disputer}>
          <h4 className="font-semibold text-foreground text-sm">Their statement</h4>
          <p className="whitespace-pre-wrap rounded-2xl bg-surface-muted p-4 text-foreground text-sm">
            {disputer.statement}
          </p>
        </SideFacts>
      </div>
      <div>
        <ReasonField
          id={`${id}-note`}
          label="Note for the audit log (optional)"
          value={note}
          onChange={(value) => {
            setNote(value);
            setProblem(null);
          }}
          maxLength={NOTE_MAX}
          problem={problem}
        />
      </div>
      {choice && <ConfirmSettlement dispute={dispute} outcome={choice} />}
    </ItemDialog>
  );
}

function SideFacts({
  labelId,
  title,
  side,
  children,
}: {
  labelId: string;
  title: string;
  side: Side;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={labelId} className="grid content-start gap-3">
      <h3 id={labelId} className="font-semibold text-foreground">
        {title}
      </h3>
      <Facts
        items={[
          ['Deposit', formatCents(side.deposit_cents)],
          ['Check-in', checkInText(side)],
        ]}
      />
      {children}
      <MemberInUsersLink member={side} />
    </section>
  );
}

/** The step before a decision: what it does with each deposit, said plainly; it takes the focus. */
function ConfirmSettlement({ dispute, outcome }: { dispute: DatePlanDispute; outcome: Outcome }) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="rounded-2xl border border-gold-400/60 bg-surface-muted p-4 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <h3 id={headingId} className="font-semibold text-foreground">
        {OUTCOMES[outcome].question}
      </h3>
      <p className="mt-1 text-foreground text-sm">{settlementText(dispute, outcome)}</p>
      <p className="mt-1 text-muted-foreground text-sm">
        Both members are told, and the decision is recorded in the audit log. It cannot be undone.
      </p>
    </section>
  );
}
