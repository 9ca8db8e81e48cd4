import {
  banBodySchema,
  ENFORCEMENT_NOTE_MAX,
  ENFORCEMENT_REASON_LABELS,
  ENFORCEMENT_REASONS,
  type EnforcementReason,
  liftBodySchema,
  SUSPENSION_DAYS,
  type SuspensionDays,
  suspendBodySchema,
} from '@royal/shared';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { ReasonField } from '@/components/ui/reason-field';
import { issueProblems } from '@/lib/api';
import type { Enforcement } from '../api/enforcement';

export type EnforcementVerb = Enforcement['verb'];

const FIELD =
  'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring';

const TITLES: Readonly<Record<EnforcementVerb, (name: string) => string>> = {
  suspend: (name) => `Suspend ${name}`,
  ban: (name) => `Ban ${name}`,
  lift: (name) => `Lift ${name}’s restriction`,
};
const DESCRIPTIONS: Readonly<Record<EnforcementVerb, string>> = {
  suspend:
    'They are signed out at once and hidden from every list until the period ends. They see the reason’s plain text and may appeal once.',
  ban: 'They are signed out at once and hidden from every list until an admin lifts the ban. They see the reason’s plain text and may appeal once.',
  lift: 'They may sign in again at once and appear in lists again.',
};
const CONFIRM: Readonly<Record<EnforcementVerb, string>> = {
  suspend: 'Suspend',
  ban: 'Ban',
  lift: 'Lift',
};

/** The request a verb's form sends, checked with the shared schema; the first problem per field otherwise. */
function parse(verb: EnforcementVerb, values: { reason: string; days: number; note: string }) {
  const result =
    verb === 'suspend'
      ? suspendBodySchema.safeParse({ reason_code: values.reason, note: values.note, days: values.days })
      : verb === 'ban'
        ? banBodySchema.safeParse({ reason_code: values.reason, note: values.note })
        : liftBodySchema.safeParse({ note: values.note });
  if (result.success) return { request: { verb, body: result.data } as Enforcement, problems: {} };
  return { request: null, problems: issueProblems(result.error.issues) };
}

/**
 * Suspend, ban or lift: the reason from the fixed list (what the member will read), the period of a
 * suspension, and the note for the team. Sends through `onConfirm`; stays open while it is pending.
 */
export function EnforcementDialog({
  verb,
  memberName,
  pending,
  onConfirm,
  onClose,
}: {
  verb: EnforcementVerb;
  memberName: string;
  pending: boolean;
  onConfirm: (request: Enforcement) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<EnforcementReason | ''>('');
  const [days, setDays] = useState<SuspensionDays>(7);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = parse(verb, { reason, days, note });
    setProblems(parsed.problems);
    if (parsed.request) onConfirm(parsed.request);
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <ModalContent className="w-[min(32rem,calc(100vw-1.5rem))] text-left">
        <ModalHeader title={TITLES[verb](memberName)} description={DESCRIPTIONS[verb]} />
        <form noValidate onSubmit={submit} className="mt-4 grid gap-1">
          {verb !== 'lift' && (
            <>
              <label htmlFor={`${id}-reason`} className="font-semibold text-sm">
                Reason
              </label>
              <select
                id={`${id}-reason`}
                value={reason}
                onChange={(event) => setReason(event.target.value as EnforcementReason)}
                aria-invalid={problems.reason_code ? true : undefined}
                aria-describedby={problems.reason_code ? `${id}-reason-problem` : undefined}
                className={FIELD}
              >
                <option value="">Choose a reason</option>
                {ENFORCEMENT_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {ENFORCEMENT_REASON_LABELS[code]}
                  </option>
                ))}
              </select>
              {problems.reason_code && (
                <p id={`${id}-reason-problem`} role="alert" className="text-danger text-sm">
                  {problems.reason_code}
                </p>
              )}
            </>
          )}
          {verb === 'suspend' && (
            <>
              <label htmlFor={`${id}-days`} className="mt-4 font-semibold text-sm">
                Period
              </label>
              <select
                id={`${id}-days`}
                value={days}
                onChange={(event) => setDays(Number(event.target.value) as SuspensionDays)}
                className={FIELD}
              >
                {SUSPENSION_DAYS.map((d) => (
                  <option key={d} value={d}>
                    {d === 1 ? '1 day' : `${d} days`}
                  </option>
                ))}
              </select>
            </>
          )}
          <ReasonField
            id={`${id}-note`}
            label="Note for the team (never shown to the member)"
            value={note}
            onChange={(value) => {
              setNote(value);
              if (problems.note) setProblems({ ...problems, note: '' });
            }}
            maxLength={ENFORCEMENT_NOTE_MAX}
            problem={problems.note || null}
          />
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" aria-disabled={pending || undefined}>
              {pending ? 'Saving...' : CONFIRM[verb]}
            </Button>
          </div>
        </form>
      </ModalContent>
    </Dialog.Root>
  );
}
