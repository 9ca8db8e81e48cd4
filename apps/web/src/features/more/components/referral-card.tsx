import type { Referral } from '@royal/shared';
import { Gift, Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useReferral } from '../api/referral';

/** Shares the link with the system share sheet where there is one, else copies it. */
export async function shareReferral(referral: Referral) {
  const text = `Join me in the Royal Circle with my invite code ${referral.code}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Royal Circle invitation', text, url: referral.share_url });
    } catch {
      // Dismissed: nothing to say.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(referral.share_url);
    toast.success('Invite link copied');
  } catch {
    toast.error('Could not copy', { description: referral.share_url });
  }
}

/** The More screen's invite card: the member's code, a Share (or Copy) button and uses left. */
export function ReferralCard() {
  const { data } = useReferral();
  if (!data) return null;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <section
      aria-labelledby="referral-title"
      className="flex flex-col gap-3 rounded-3xl border border-border bg-surface p-4"
    >
      <div className="flex items-center gap-2">
        <Gift aria-hidden="true" className="size-5 text-gold-500" />
        <h2 id="referral-title" className="font-semibold text-foreground">
          Invite to the Circle
        </h2>
      </div>
      <p className="font-mono text-2xl text-foreground tracking-widest">{data.code}</p>
      <p className="text-muted-foreground text-sm">
        {data.uses_left} of {data.uses_per_month} invites left this month
      </p>
      <Button
        type="button"
        variant="gold"
        disabled={data.uses_left === 0}
        onClick={() => void shareReferral(data)}
        className="w-full sm:w-auto"
      >
        <Share2 aria-hidden="true" className="size-4" />
        {canShare ? 'Share' : 'Copy link'}
      </Button>
    </section>
  );
}
