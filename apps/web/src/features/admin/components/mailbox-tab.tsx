import { AppError, type MailboxItem } from '@royal/shared';
import { Inbox, MailX, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { CardSkeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { errorMessage } from '@/lib/api';
import { useDevMailbox } from '../api/mailbox';

const STATUS_LABEL: Record<MailboxItem['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

/**
 * The admin dashboard's Mailbox tab: the e-mails in the outbox (demo mode, where e-mail stays in the
 * outbox unless SMTP is configured), each with its recipient, subject, status, sent time and
 * attempts; opening one shows its text and its HTML (in a sandboxed frame: no scripts, no same origin).
 */
export function MailboxTab() {
  const mailbox = useDevMailbox();
  const [openId, setOpenId] = useState<string | null>(null);
  if (mailbox.isPending) return <CardSkeleton label="Loading the mailbox..." />;
  if (mailbox.isError) {
    if (mailbox.error instanceof AppError && mailbox.error.status === 404) {
      return (
        <StatusPanel
          Icon={MailX}
          title="No dev mailbox here"
          description="The mailbox exists in demo mode only: elsewhere e-mail leaves through the mail server."
        />
      );
    }
    return (
      <LoadErrorPanel
        title="Failed to fetch the mailbox"
        message={errorMessage(mailbox.error)}
        onRetry={() => void mailbox.refetch()}
        retrying={mailbox.isFetching}
      />
    );
  }
  const { items, transport } = mailbox.data;
  return (
    <section className="grid gap-4" aria-label="Mailbox">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          {transport === 'outbox'
            ? 'E-mail stays in the outbox: nothing leaves the server. The latest 50 e-mails.'
            : `E-mail leaves through ${transport.toUpperCase()}; these are the latest 50 of the outbox.`}
        </p>
        <Button variant="outline" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          <RefreshCw
            aria-hidden
            className={mailbox.isFetching ? 'size-4 motion-safe:animate-spin' : 'size-4'}
          />
          Refresh
        </Button>
      </div>
      {items.length === 0 ? (
        <StatusPanel Icon={Inbox} title="No e-mails yet" description="E-mails the app sends appear here." />
      ) : (
        <ul className="grid gap-3">
          {items.map((item) => (
            <MailRow
              key={item.id}
              item={item}
              open={openId === item.id}
              onToggle={() => setOpenId(openId === item.id ? null : item.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MailRow({ item, open, onToggle }: { item: MailboxItem; open: boolean; onToggle: () => void }) {
  const detailsId = `mail-${item.id}`;
  return (
    <li className="rounded-2xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 className="font-semibold text-foreground">{item.subject}</h3>
          <p className="break-all text-muted-foreground text-sm">To {item.to}</p>
          <p className="text-muted-foreground text-xs">
            {STATUS_LABEL[item.status]}
            {item.sent_at ? ` ${new Date(item.sent_at).toLocaleString()}` : ''} · {item.attempts}{' '}
            {item.attempts === 1 ? 'failed attempt' : 'failed attempts'} ·{' '}
            {item.kind === 'security' ? 'Security' : 'Notice'}
            {item.error ? ` · ${item.error}` : ''}
          </p>
        </div>
        <Button variant="outline" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
          {open ? 'Hide' : 'Show'}
        </Button>
      </div>
      {open && (
        <div id={detailsId} className="mt-4 grid gap-4">
          <div>
            <h4 className="mb-1 font-medium text-foreground text-sm">Text</h4>
            <pre className="max-h-80 overflow-auto whitespace-pre-wrap rounded-xl bg-surface-muted p-3 text-foreground text-sm">
              {item.text}
            </pre>
          </div>
          {item.html !== null && (
            <div>
              <h4 className="mb-1 font-medium text-foreground text-sm">HTML</h4>
              <iframe
                title={`HTML of ${item.subject}`}
                sandbox=""
                srcDoc={item.html}
                className="h-[32rem] w-full rounded-xl border border-border bg-white"
              />
            </div>
          )}
        </div>
      )}
    </li>
  );
}
