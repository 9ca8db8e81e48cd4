import {
  BULK_INVITE_MESSAGE_MAX,
  type BulkInviteReply,
  bulkInviteBodySchema,
  type EventCard,
  groupedInteger,
  TIERS,
} from '@royal/shared';
import { Send } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { ReasonField } from '@/components/ui/reason-field';
import { Spinner } from '@/components/ui/spinner';
import { refusalOr } from '@/lib/api';
import { invitableEvents, useBulkInvite, useManageableEvents } from '../api/bulk-invite';
import { eventWhen } from '../event-times';

const INVITE_TIERS = [1, 2, 3, 4] as const;
type InviteTier = (typeof INVITE_TIERS)[number];

export const BULK_INVITE_EVENT_REQUIRED_TEXT = 'Choose the event';
export const BULK_INVITE_FAILED_TEXT = 'The invitations could not be sent. Please try again.';
export const NO_INVITABLE_EVENTS_TEXT = 'No upcoming events to invite to. Create New Party first.';

/** "Tier 2", "Tiers 1, 2 and 3". */
export function tiersText(tiers: readonly number[]): string {
  if (tiers.length === 1) return `Tier ${tiers[0]}`;
  return `Tiers ${tiers.slice(0, -1).join(', ')} and ${tiers.at(-1)}`;
}

/** The toast after Send Invitations: what was queued (or sent), for which event. */
export function bulkInviteToast(reply: BulkInviteReply, event: EventCard, tiers: readonly number[]): void {
  if (reply.status === 'sent' && reply.recipients !== null) {
    const n = reply.recipients;
    toast.success('Invitations sent', {
      description: `${groupedInteger(n)} member${n === 1 ? '' : 's'} invited to ${event.name}.`,
    });
    return;
  }
  toast.success('Invitations queued', {
    description: `${tiersText(tiers)} members will be invited to ${event.name}; members who turned off Party Invites are left out.`,
  });
}

/**
 * Party Management's Bulk Invite: one of the manager's upcoming events, the tiers to invite (1–4)
 * and a message. The server queues one notification per eligible member and answers at once.
 */
export function BulkInviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent className="text-left sm:w-[min(30rem,calc(100vw-2rem))]">
        <ModalHeader
          title="Bulk Invite"
          description="Invite members of the tiers you choose to one of your parties."
        />
        {/* Mounted while open only, so every opening starts with an empty form. */}
        {open && <BulkInviteForm onSent={() => onOpenChange(false)} />}
      </ModalContent>
    </Dialog.Root>
  );
}

type Problems = { event?: string; tiers?: string; message?: string };

function BulkInviteForm({ onSent }: { onSent: () => void }) {
  const events = useManageableEvents(true);
  const invite = useBulkInvite();
  const [eventId, setEventId] = useState('');
  const [tiers, setTiers] = useState<InviteTier[]>([]);
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { event: useId(), tiers: useId(), message: useId() };

  if (events.isPending) return <Spinner label="Loading your events..." className="py-8" />;
  if (events.isError)
    return (
      <p role="alert" className="mt-4 text-rose-600 text-sm dark:text-rose-300">
        {events.error.message}
      </p>
    );
  const choices = invitableEvents(events.data);
  if (choices.length === 0) return <p className="mt-4 text-muted-foreground">{NO_INVITABLE_EVENTS_TEXT}</p>;

  function chooseEvent(id: string) {
    setEventId(id);
    setProblems((p) => ({ ...p, event: undefined, tiers: undefined }));
    // The event's own tiers are the members who may attend it: a sensible start, still editable.
    const chosen = choices.find((e) => e.id === id);
    if (chosen)
      setTiers(chosen.tiers_required.filter((t): t is InviteTier => INVITE_TIERS.includes(t as InviteTier)));
  }

  function toggleTier(tier: InviteTier, on: boolean) {
    setTiers((current) => (on ? [...current, tier].sort() : current.filter((t) => t !== tier)));
    setProblems((p) => ({ ...p, tiers: undefined }));
  }

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    setFailure(null);
    const found: Problems = {};
    const chosen = choices.find((e) => e.id === eventId);
    if (!chosen) found.event = BULK_INVITE_EVENT_REQUIRED_TEXT;
    const checked = bulkInviteBodySchema.safeParse({ tiers, message });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as 'tiers' | 'message';
        found[field] ??= issue.message;
      }
    }
    if (!chosen || !checked.success) {
      setProblems(found);
      return;
    }
    invite.mutate(
      { eventId: chosen.id, body: checked.data },
      {
        onSuccess: (reply) => {
          bulkInviteToast(reply, chosen, checked.data.tiers);
          onSent();
        },
        onError: (error) => setFailure(refusalOr(error, BULK_INVITE_FAILED_TEXT)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.event} className="font-semibold text-foreground text-sm">
          Event
        </label>
        <select
          id={ids.event}
          value={eventId}
          onChange={(e) => chooseEvent(e.target.value)}
          aria-invalid={problems.event !== undefined}
          aria-describedby={problems.event ? `${ids.event}-problem` : undefined}
          className="min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground focus-visible:outline-2 focus-visible:outline-gold-400 aria-invalid:border-rose-500"
        >
          <option value="" disabled>
            Select an event...
          </option>
          {choices.map((event) => (
            <option key={event.id} value={event.id}>
              {event.name} — {eventWhen(event, event.date_time, null).local.text}
            </option>
          ))}
        </select>
        {problems.event && (
          <p id={`${ids.event}-problem`} role="alert" className="text-rose-600 text-sm dark:text-rose-300">
            {problems.event}
          </p>
        )}
      </div>

      <fieldset
        aria-describedby={problems.tiers ? `${ids.tiers}-problem` : undefined}
        className="flex flex-col gap-1"
      >
        <legend className="mb-1 font-semibold text-foreground text-sm">Tiers</legend>
        <div className="grid grid-cols-1 gap-x-3 min-[400px]:grid-cols-2">
          {INVITE_TIERS.map((tier) => (
            <label key={tier} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={tiers.includes(tier)}
                onChange={(e) => toggleTier(tier, e.target.checked)}
                className="size-5 shrink-0 accent-gold-500"
              />
              <span>
                Tier {tier} <span className="text-muted-foreground">· {TIERS[tier].name}</span>
              </span>
            </label>
          ))}
        </div>
        {problems.tiers && (
          <p id={`${ids.tiers}-problem`} role="alert" className="text-rose-600 text-sm dark:text-rose-300">
            {problems.tiers}
          </p>
        )}
      </fieldset>

      <div className="[&>label]:mt-0">
        <ReasonField
          id={ids.message}
          label="Message"
          value={message}
          onChange={(value) => {
            setMessage(value);
            setProblems((p) => ({ ...p, message: undefined }));
          }}
          maxLength={BULK_INVITE_MESSAGE_MAX}
          rows={4}
          problem={problems.message ?? null}
        />
        <p aria-hidden="true" className="mt-1 text-right text-muted-foreground text-xs">
          {groupedInteger(message.length)} / {groupedInteger(BULK_INVITE_MESSAGE_MAX)}
        </p>
      </div>

      {failure && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {failure}
        </p>
      )}
      <Button type="submit" variant="gold" size="lg" disabled={invite.isPending}>
        <Send aria-hidden="true" className="size-4" />
        {invite.isPending ? 'Sending...' : 'Send Invitations'}
      </Button>
    </form>
  );
}
