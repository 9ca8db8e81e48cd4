import { WAITLIST_SUBMITTED_TEXT } from '@royal/shared';
import { toast } from 'sonner';
import { CrownArt } from '@/components/ui/crown';
import { PublicPage } from '@/components/ui/public-page';
import { errorMessage } from '@/lib/api';
import { useApplyToWaitlist } from '../api/apply';
import { WaitlistForm } from '../components/waitlist-form';

/** /waitlist (spec part 2 §2): the application form in the landing page's night-royal look. */
export function WaitlistPage() {
  const apply = useApplyToWaitlist();
  return (
    <PublicPage homeLink>
      <main className="safe-x safe-bottom relative z-10 mx-auto flex w-full max-w-lg flex-col items-center px-5 pt-6 pb-16">
        <CrownArt className="w-24 sm:w-28" />
        <h1 className="text-gold-foil mt-4 text-center font-display text-4xl sm:text-5xl">
          Join the Waitlist
        </h1>
        <p className="mt-3 text-center font-display text-gold-100 text-lg italic">
          Membership is by invitation. Tell us about yourself.
        </p>
        <div className="mt-8 w-full rounded-3xl border border-white/15 bg-royal-950/55 p-5 shadow-[0_30px_80px_-30px_rgba(0,0,0,0.8)] backdrop-blur-xl sm:p-7">
          <WaitlistForm
            onApply={async (body) => {
              try {
                await apply.mutateAsync(body);
              } catch (error) {
                toast.error('Error', { description: errorMessage(error) });
                throw error;
              }
              toast.success(WAITLIST_SUBMITTED_TEXT);
            }}
          />
        </div>
      </main>
    </PublicPage>
  );
}

export default WaitlistPage;
