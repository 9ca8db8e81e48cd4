import { CHECKOUT_OUTCOMES, type CheckoutOutcome, formatCents } from '@royal/shared';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/lib/paths';
import { useCompleteSandboxCheckout, useSandboxCheckout } from '../api/wallet';
import { SandboxFrame } from '../components/sandbox-frame';

const OUTCOME_LABELS: Record<CheckoutOutcome, string> = { pay: 'Pay', decline: 'Decline', cancel: 'Cancel' };
const CLOSED: Record<string, { title: string; description: string; ok: boolean }> = {
  paid: {
    title: 'Payment complete',
    description: 'Your payment went through. You can close this tab.',
    ok: true,
  },
  declined: {
    title: 'Payment declined',
    description: 'Nothing was charged. You can close this tab.',
    ok: false,
  },
  cancelled: {
    title: 'Payment cancelled',
    description: 'Nothing was charged. You can close this tab.',
    ok: false,
  },
  expired: {
    title: 'Checkout expired',
    description: 'Nothing was charged. Start again from the app.',
    ok: false,
  },
};

/**
 * /sandbox/checkout/:checkoutId — the built-in payment sandbox's page, standing in for a provider's
 * hosted checkout. Clearly TEST MODE: no card, no money; Pay, Decline and Cancel send the sandbox's
 * signed webhook, exactly as a real provider's result would arrive.
 */
export default function SandboxCheckoutRoute() {
  const { checkoutId = '' } = useParams();
  const checkout = useSandboxCheckout(checkoutId);
  const complete = useCompleteSandboxCheckout(checkoutId);

  return (
    <SandboxFrame
      title="Royal Circle Checkout"
      subtitle="Payment sandbox: no card is charged and no real money moves."
    >
      {checkout.isPending ? (
        <Spinner className="mx-auto mt-8" />
      ) : checkout.isError ? (
        <LoadErrorPanel
          className="mt-6"
          title="Checkout not found"
          message={checkout.error.message}
          onRetry={() => void checkout.refetch()}
          retrying={checkout.isFetching}
        />
      ) : checkout.data.status !== 'open' ? (
        <StatusPanel
          className="mt-6"
          Icon={CLOSED[checkout.data.status]?.ok ? CheckCircle2 : XCircle}
          title={CLOSED[checkout.data.status]?.title ?? 'Checkout closed'}
          description={CLOSED[checkout.data.status]?.description}
        >
          <Button asChild variant="outline">
            <Link to={checkout.data.purpose === 'deposit' ? `${paths.more}?wallet=open` : paths.subscription}>
              Back to the app
            </Link>
          </Button>
        </StatusPanel>
      ) : (
        <>
          <dl className="mt-6 grid gap-3 rounded-2xl bg-surface-muted p-4">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground text-sm">Item</dt>
              <dd className="text-right font-medium text-foreground">{checkout.data.description}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground text-sm">Amount</dt>
              <dd className="font-display text-2xl text-foreground">
                {formatCents(checkout.data.amount_cents)}
              </dd>
            </div>
          </dl>
          <div className="mt-6 grid gap-2">
            {CHECKOUT_OUTCOMES.map((outcome) => (
              <Button
                key={outcome}
                variant={outcome === 'pay' ? 'gold' : 'outline'}
                size="lg"
                disabled={complete.isPending}
                onClick={() => complete.mutate(outcome)}
              >
                {outcome === 'pay'
                  ? `Pay ${formatCents(checkout.data.amount_cents)}`
                  : OUTCOME_LABELS[outcome]}
              </Button>
            ))}
          </div>
          {complete.isError && (
            <p role="alert" className="mt-3 text-center text-rose-600 text-sm">
              {complete.error.message}
            </p>
          )}
        </>
      )}
    </SandboxFrame>
  );
}
