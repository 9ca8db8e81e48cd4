import {
  groupedInteger,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_REPLY_TEXT,
  SUPPORT_TOPIC_LABELS,
  SUPPORT_TOPICS,
  type SupportTopic,
  supportRequestBodySchema,
} from '@royal/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { refusalOr } from '@/lib/api';
import { hasFinePointer } from '@/lib/focus';
import { useFileSupportRequest } from '../api/support-requests';

export const SUPPORT_SENT_TOAST = 'Message sent';
export const SUPPORT_SEND_FAILED_TEXT = 'Your message could not be sent. Please try again.';

type Problems = { topic?: string; message?: string };

const FIELD =
  'w-full rounded-xl border border-border bg-surface px-3 text-foreground focus-visible:outline-2 focus-visible:outline-gold-400 aria-invalid:border-rose-500';

/**
 * A request for the team: a topic and the member's words, checked by the same schema the API checks
 * them with (so the same words refuse them on both sides), then filed. Contact Support starts with no
 * topic; Report an Issue starts on 'A problem with the app'.
 */
export function SupportRequestForm({
  initialTopic,
  messageLabel,
  onSent,
}: {
  initialTopic?: SupportTopic;
  messageLabel: string;
  onSent: () => void;
}) {
  const [topic, setTopic] = useState<SupportTopic | ''>(initialTopic ?? '');
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const file = useFileSupportRequest();
  const ids = { topic: useId(), message: useId(), hint: useId() };
  // With a keyboard, the first field to fill takes the focus as the form opens (on a touch screen the
  // dialog focuses its way back instead, rather than raise the on-screen keyboard).
  const topicField = useRef<HTMLSelectElement>(null);
  const messageField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (hasFinePointer()) (initialTopic ? messageField : topicField).current?.focus();
  }, [initialTopic]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = supportRequestBodySchema.safeParse({ topic, message });
    if (!checked.success) {
      const found: Problems = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Problems;
        found[field] ??= issue.message;
      }
      setProblems(found);
      (found.topic ? topicField : messageField).current?.focus();
      return;
    }
    file.mutate(checked.data, {
      onSuccess: () => {
        toast.success(SUPPORT_SENT_TOAST, { description: `We will reply ${SUPPORT_REPLY_TEXT}.` });
        onSent();
      },
      // The API's refusal (too many requests waiting) says what to do; anything else is ours.
      onError: (error) => setFailure(refusalOr(error, SUPPORT_SEND_FAILED_TEXT)),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4 text-left">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.topic} className="font-semibold text-foreground text-sm">
          Topic
        </label>
        <select
          ref={topicField}
          id={ids.topic}
          value={topic}
          onChange={(event) => {
            setTopic(event.target.value as SupportTopic);
            setProblems((p) => ({ ...p, topic: undefined }));
          }}
          aria-invalid={problems.topic !== undefined}
          aria-describedby={problems.topic ? `${ids.topic}-problem` : undefined}
          className={`${FIELD} min-h-11`}
        >
          <option value="" disabled>
            Select a topic...
          </option>
          {SUPPORT_TOPICS.map((value) => (
            <option key={value} value={value}>
              {SUPPORT_TOPIC_LABELS[value]}
            </option>
          ))}
        </select>
        <FieldProblem id={`${ids.topic}-problem`} problem={problems.topic} />
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.message} className="font-semibold text-foreground text-sm">
          {messageLabel}
        </label>
        <textarea
          ref={messageField}
          id={ids.message}
          rows={5}
          maxLength={SUPPORT_MESSAGE_MAX}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setProblems((p) => ({ ...p, message: undefined }));
          }}
          aria-invalid={problems.message !== undefined}
          aria-describedby={[ids.hint, problems.message ? `${ids.message}-problem` : null]
            .filter(Boolean)
            .join(' ')}
          className={`${FIELD} py-2`}
        />
        <p id={ids.hint} className="flex justify-between gap-3 text-muted-foreground text-xs">
          <span>
            {SUPPORT_MESSAGE_MIN} to {groupedInteger(SUPPORT_MESSAGE_MAX)} characters. Please don’t include
            passwords or card numbers.
          </span>
          <span aria-hidden="true" className="shrink-0">
            {groupedInteger(message.length)} / {groupedInteger(SUPPORT_MESSAGE_MAX)}
          </span>
        </p>
        <FieldProblem id={`${ids.message}-problem`} problem={problems.message} />
      </div>

      {failure && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={file.isPending}>
        {file.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="text-rose-600 text-sm dark:text-rose-300">
      {problem}
    </p>
  );
}
