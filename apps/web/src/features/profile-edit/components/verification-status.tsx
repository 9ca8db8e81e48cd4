import { ShieldQuestion } from 'lucide-react';
import { VerifiedBadge } from '@/components/ui/verified-mark';

/**
 * The verified state at the top of Edit Profile, with the verification wizard's trigger in the
 * `action` slot ('Verify', or where a request stands), so the state and the way to change it sit
 * together; `note` (what became of the last attempt, when anything is to be said) takes the row's
 * last line, at every width.
 */
export function VerificationStatus({
  verified,
  action,
  note,
}: {
  verified: boolean;
  action?: React.ReactNode;
  note?: React.ReactNode;
}) {
  return (
    <div
      data-testid="verification-status"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-surface px-4 py-3"
    >
      {verified ? (
        <VerifiedBadge />
      ) : (
        <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface-muted px-2.5 py-0.5 font-semibold text-foreground text-xs">
          <ShieldQuestion aria-hidden="true" className="size-3.5" />
          Not verified
        </span>
      )}
      {/* On a phone the badge and the action share the first line and the sentence gets its own. */}
      <p className="order-last min-w-0 basis-full text-muted-foreground text-sm sm:order-none sm:basis-0 sm:flex-1">
        {verified
          ? 'Your identity is verified: members see the Verified badge on your profile.'
          : 'Verified members get the badge on their profile and can message from Tier 1.'}
      </p>
      {action && <div className="ml-auto">{action}</div>}
      {/* Hidden while the note renders nothing, so the row keeps no empty line. */}
      {note && <div className="order-last basis-full empty:hidden">{note}</div>}
    </div>
  );
}
