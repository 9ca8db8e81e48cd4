import { ShieldQuestion } from 'lucide-react';
import { VerifiedBadge } from '@/components/ui/verified-mark';

/**
 * The verified state at the top of Edit Profile, with the verification wizard's trigger in the
 * `action` slot ('Verify', or where a request stands), so the state and the way to change it sit
 * together.
 */
export function VerificationStatus({ verified, action }: { verified: boolean; action?: React.ReactNode }) {
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
      <p className="min-w-0 flex-1 text-muted-foreground text-sm">
        {verified
          ? 'Your identity is verified: members see the Verified badge on your profile.'
          : 'Verified members get the badge on their profile and can message from Tier 1.'}
      </p>
      {action}
    </div>
  );
}
