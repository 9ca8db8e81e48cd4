import {
  DATA_EXPORT_FAILED_TEXT,
  DATA_EXPORT_REQUESTED_TEXT,
  type DataExport,
  ErrorCode,
} from '@royal/shared';
import { ChevronRight, Download, LogOut, ShieldCheck, Trash2, UserCog } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/titled-card';
import { useSignOut } from '@/features/auth';
import { errorMessage, isRefusal } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useLatestDataExport, useRequestDataExport } from '../data-export-api';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * The Settings page's 'Account Management': the Safety Center, Export My Data (an archive prepared
 * on the server and e-mailed as a link, issue 34), Sign Out (to /landing, with the settings' own
 * toasts, spec part 2 §2 and §8), and Delete Account (a confirmation dialog with the password and
 * the typed word DELETE, decision 052).
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
      <ExportMyData />
      <Button variant="outline" className="justify-start" onClick={handleSignOut} disabled={isPending}>
        <LogOut aria-hidden="true" className="size-4" />
        Sign Out
      </Button>
      <DeleteAccount />
    </TitledCard>
  );
}

const untilFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The latest export's state, in words (and the link while it can be downloaded). */
function ExportState({ latest }: { latest: DataExport | null }) {
  if (!latest) return <>Nothing exported yet.</>;
  if (latest.status === 'pending') {
    return <>Your data export is being prepared. We will e-mail you a link when it is ready.</>;
  }
  if (latest.status === 'ready' && latest.download_url && latest.expires_at) {
    return (
      <>
        Your archive is ready.{' '}
        <a
          href={latest.download_url}
          download
          className="font-medium text-primary underline underline-offset-2"
        >
          Download it
        </a>{' '}
        before {untilFormat.format(new Date(latest.expires_at))}.
      </>
    );
  }
  if (latest.status === 'failed') return <>Your last export could not be prepared. Please try again.</>;
  return <>Your last export has expired.</>;
}

/**
 * Export My Data: asks the server for an archive of everything about the member (one a day; the
 * server's refusal says when the next is possible) and shows the latest one's state.
 */
function ExportMyData() {
  const stateId = useId();
  const latest = useLatestDataExport();
  const requestExport = useRequestDataExport();
  async function handleExport() {
    try {
      await requestExport.mutateAsync();
      toast.success(DATA_EXPORT_REQUESTED_TEXT);
    } catch (error) {
      const onceADay = isRefusal(error) && error.code === ErrorCode.RATE_LIMITED;
      toast.error(DATA_EXPORT_FAILED_TEXT, onceADay ? { description: errorMessage(error) } : undefined);
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="outline"
        className="justify-start"
        aria-describedby={stateId}
        onClick={handleExport}
        disabled={requestExport.isPending}
      >
        <Download aria-hidden="true" className="size-4" />
        Export My Data
      </Button>
      <p id={stateId} className="px-1 text-muted-foreground text-xs" aria-live="polite">
        {latest.isPending ? (
          'Checking your latest export…'
        ) : latest.isError ? (
          'Your latest export could not be loaded.'
        ) : (
          <ExportState latest={latest.data.export} />
        )}
      </p>
    </div>
  );
}

/** Delete Account: opens the confirmation dialog (password and the typed word DELETE). */
function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className="justify-start text-rose-700 dark:text-rose-300"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete Account
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
