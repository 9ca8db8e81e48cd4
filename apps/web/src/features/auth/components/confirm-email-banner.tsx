import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useResendConfirmation } from '../api/recovery';
import { useCurrentMember } from '../auth-context';

/** Sends the confirmation link again, with the server's own words (it limits how often). */
export function ResendConfirmationButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const resend = useResendConfirmation();
  return (
    <Button
      type="button"
      {...props}
      aria-disabled={resend.isPending || undefined}
      onClick={() => {
        if (resend.isPending) return;
        resend.mutate(undefined, {
          onSuccess: (reply) => toast.success('E-mail sent', { description: reply.message }),
          onError: (error) => toast.error('Could not send the e-mail', { description: errorMessage(error) }),
        });
      }}
    >
      {resend.isPending ? 'Sending...' : 'Resend confirmation e-mail'}
    </Button>
  );
}

/**
 * Above every member page while the member's e-mail is unconfirmed (decision 056): what it holds
 * back, and a new link. Gone once the link is opened (the member's view is read again then).
 */
export function ConfirmEmailBanner() {
  const me = useCurrentMember();
  if (me.email_confirmed) return null;
  return (
    <section
      aria-label="Confirm your e-mail"
      className="mb-4 flex flex-col gap-3 rounded-2xl border border-gold-400/50 bg-gold-100/60 p-4 text-sm sm:flex-row sm:items-center dark:bg-royal-900/60"
    >
      <MailCheck aria-hidden className="size-5 shrink-0 text-primary dark:text-gold-300" />
      <p className="flex-1">
        Please confirm your e-mail: open the link we sent to <strong className="break-all">{me.email}</strong>
        . Until then you cannot send messages or make payments.
      </p>
      <ResendConfirmationButton variant="outline" />
    </section>
  );
}
