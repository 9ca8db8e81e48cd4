import { SUPPORT_REPLY_TEXT, type SupportTopic } from '@royal/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SupportRequestForm } from './support-request-form';

export const SUPPORT_SENT_TITLE = 'Thank you, we have your message';

/** Contact Support or Report an Issue: the form, then what happens next once it is sent. */
export function SupportRequestPanel({
  initialTopic,
  messageLabel,
  onDone,
}: {
  initialTopic?: SupportTopic;
  messageLabel: string;
  onDone: () => void;
}) {
  const [sent, setSent] = useState(false);
  return sent ? (
    <RequestSent onDone={onDone} />
  ) : (
    <SupportRequestForm
      initialTopic={initialTopic}
      messageLabel={messageLabel}
      onSent={() => setSent(true)}
    />
  );
}

/** The confirmation in place of the form: that it arrived, and when the member hears back. */
function RequestSent({ onDone }: { onDone: () => void }) {
  // The form that had the focus is gone: the confirmation takes it, so it is read out.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mt-6 flex flex-col items-center gap-3 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-surface-muted text-emerald-600 dark:text-emerald-300">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h3 ref={heading} tabIndex={-1} className="font-display text-foreground text-xl focus:outline-none">
        {SUPPORT_SENT_TITLE}
      </h3>
      <p className="max-w-xs text-muted-foreground text-sm">
        Our team will reply {SUPPORT_REPLY_TEXT}. For anything urgent about your safety, use Block and Report
        on the member’s profile or chat.
      </p>
      <Button className="mt-2" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
