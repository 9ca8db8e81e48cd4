import { paymentBlock } from '@royal/shared';
import { MailCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useCurrentMember } from '../auth-context';

export type PaymentButtonState = {
  /** The member may not pay now: the payment buttons show disabled. */
  blocked: boolean;
  /** For the disabled buttons' aria-describedby: the note says why they cannot be pressed. */
  describedBy: string | undefined;
  /** The short line to show beside them (null while the member may pay). */
  note: ReactNode;
};

/**
 * Payment buttons (deposit, transfer, plans, boosts) for a member who may not pay yet: decided by
 * the shared paymentBlock (decision 056: an unconfirmed e-mail), the rule the server's `payment`
 * routes refuse by, on the same member view the confirm-e-mail banner reads, so the buttons come
 * back as soon as the link is opened. `text` is the screen's own short line.
 */
export function usePaymentButton(text: string): PaymentButtonState {
  const id = useId();
  const blocked = paymentBlock(useCurrentMember()) !== null;
  return {
    blocked,
    describedBy: blocked ? id : undefined,
    note: blocked ? (
      <p id={id} className="flex items-center gap-2 text-muted-foreground text-sm">
        <MailCheck aria-hidden="true" className="size-4 shrink-0 text-primary dark:text-gold-300" />
        {text}
      </p>
    ) : null,
  };
}
