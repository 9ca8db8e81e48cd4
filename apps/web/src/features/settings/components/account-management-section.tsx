import { ChevronRight, Download, LogOut, ShieldCheck, Trash2, UserCog } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/titled-card';
import { useSignOut } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';

/**
 * The Settings page's 'Account Management': the Safety Center, Sign Out (to /landing, with the
 * settings' own toasts, spec part 2 §2 and §8), and Export My Data and Delete Account, shown but
 * not offered until they really do what they say (issue 34): each says what it will do.
 */
export function AccountManagementSection() {
  const { signOut, isPending } = useSignOut();
  async function handleSignOut() {
    try {
      await signOut(paths.landing);
      toast.success('Logged out successfully');
    } catch (error) {
      toast.error('Failed to log out', { description: errorMessage(error) });
    }
  }
  return (
    <TitledCard Icon={UserCog} title="Account Management">
      <Button asChild variant="outline" className="justify-start">
        <Link to={paths.safety}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          <span className="flex-1 text-left">Safety Center</span>
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </Link>
      </Button>
      <NotYetAvailable
        Icon={Download}
        label="Export My Data"
        what="It will gather your profile, settings, photos, matches, messages and wallet history into one archive and send you a download link."
      />
      <Button variant="outline" className="justify-start" onClick={handleSignOut} disabled={isPending}>
        <LogOut aria-hidden="true" className="size-4" />
        Sign Out
      </Button>
      <NotYetAvailable
        Icon={Trash2}
        label="Delete Account"
        what="It will delete your account, profile and photos for good, after you confirm with your password."
        danger
      />
    </TitledCard>
  );
}

/**
 * An account action that is not open yet: visibly disabled (aria-disabled, so it can still be
 * reached and read), with a line that says what it will do. It does nothing when pressed.
 */
function NotYetAvailable({
  Icon,
  label,
  what,
  danger = false,
}: {
  Icon: typeof Download;
  label: string;
  what: string;
  danger?: boolean;
}) {
  const noteId = useId();
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="outline"
        aria-disabled="true"
        aria-describedby={noteId}
        className={
          danger
            ? 'cursor-not-allowed justify-start text-rose-700 opacity-60 hover:bg-surface dark:text-rose-300'
            : 'cursor-not-allowed justify-start opacity-60 hover:bg-surface'
        }
      >
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Button>
      <p id={noteId} className="px-1 text-muted-foreground text-xs">
        Not available yet. {what}
      </p>
    </div>
  );
}
