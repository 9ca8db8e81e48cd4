import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@royal/shared';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { ReasonField } from '@/components/ui/reason-field';
import { errorMessage, isRefusal } from '@/lib/api';
import { useReportMember } from '../api/safety';
import type { MemberDialogProps } from './member-dialog';

export const REPORT_SUBMITTED_TOAST = 'Report Submitted';

/**
 * "Report {name}": what happened (a category and a few words), optionally a block at the same time.
 * The moderators read it; the member is never told who reported them.
 */
export function ReportDialog({ member, open, onOpenChange, onBlocked }: MemberDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [problem, setProblem] = useState<{ reason?: string; details?: string }>({});
  const ids = { group: useId(), details: useId(), block: useId() };
  const report = useReportMember();
  const reset = () => {
    setReason(null);
    setDetails('');
    setAlsoBlock(false);
    setProblem({});
  };
  const submit = () => {
    const missing = {
      ...(reason ? {} : { reason: 'Choose what happened' }),
      ...(details.trim() ? {} : { details: 'Tell us what happened' }),
    };
    if (!reason || Object.keys(missing).length > 0) {
      setProblem(missing);
      return;
    }
    report.mutate(
      { member_id: member.id, reason, details: details.trim(), block: alsoBlock },
      {
        onSuccess: (reply) => {
          toast.success(REPORT_SUBMITTED_TOAST, {
            description: `Our team will review it. ${member.name} won't know who reported them.`,
          });
          reset();
          onOpenChange(false);
          if (reply.blocked) onBlocked();
        },
        onError: (error) =>
          toast.error(isRefusal(error) ? error.message : 'Failed to submit report', {
            description: isRefusal(error) ? undefined : errorMessage(error),
          }),
      },
    );
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">Report {member.name}</Dialog.Title>
        <Dialog.Description className="mt-2 text-muted-foreground text-sm">
          Our safety team reviews every report. {member.name} won't know who reported them.
        </Dialog.Description>
        <fieldset className="mt-4" aria-describedby={problem.reason ? `${ids.group}-problem` : undefined}>
          <legend className="font-semibold text-sm">What happened?</legend>
          <div className="mt-2 grid gap-1.5">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-100/40 dark:has-[:checked]:bg-gold-900/30"
              >
                <input
                  type="radio"
                  name={ids.group}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setProblem((p) => ({ ...p, reason: undefined }));
                  }}
                  className="size-4 accent-gold-500"
                />
                <span className="text-sm">{REPORT_REASON_LABELS[value]}</span>
              </label>
            ))}
          </div>
          {problem.reason && (
            <p
              id={`${ids.group}-problem`}
              role="alert"
              className="mt-1 text-red-600 text-sm dark:text-red-300"
            >
              {problem.reason}
            </p>
          )}
        </fieldset>
        <ReasonField
          id={ids.details}
          label="Details"
          value={details}
          onChange={(value) => {
            setDetails(value);
            setProblem((p) => ({ ...p, details: undefined }));
          }}
          maxLength={REPORT_DETAILS_MAX}
          rows={3}
          problem={problem.details ?? null}
        />
        <label htmlFor={ids.block} className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-sm">
          <input
            id={ids.block}
            type="checkbox"
            checked={alsoBlock}
            onChange={(event) => setAlsoBlock(event.target.checked)}
            className="size-4 accent-gold-500"
          />
          Also block {member.name}
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={report.isPending}>
            Submit Report
          </Button>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}
