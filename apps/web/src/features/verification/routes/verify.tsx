import { ShieldCheck } from 'lucide-react';
import { LastVerificationNote } from '../components/last-verification-note';
import { VerifyTrigger } from '../components/verify-trigger';

/** /verify: the wizard's own page until Edit Profile (issue 10) carries the 'Verify' button. */
export default function VerifyPage() {
  return (
    // The member column's width like every member page; the paragraph keeps the reading measure (043).
    <section className="grid gap-4">
      <h1 className="font-display text-3xl">Verification</h1>
      <div className="flex flex-col items-start gap-4 rounded-3xl border border-border bg-surface p-6 shadow-[0_20px_60px_-30px_rgba(44,20,80,0.35)]">
        <ShieldCheck aria-hidden className="size-10 text-primary dark:text-gold-300" />
        <p className="max-w-measure text-muted-foreground text-sm leading-relaxed">
          Verified members carry the Verified badge, and at Tier 1 only verified members can send messages.
          Take a selfie and add your ID; our team reviews within 24-48 hours.
        </p>
        <LastVerificationNote />
        <VerifyTrigger />
      </div>
    </section>
  );
}
