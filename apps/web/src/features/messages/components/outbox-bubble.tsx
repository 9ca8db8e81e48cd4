import { ErrorCode } from '@royal/shared';
import { CircleAlert, Clock, RotateCcw, Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { OutboxEntry } from '../api/outbox';

export const WAITING_FOR_CONNECTION_TEXT = 'Waiting for connection';
/** Connected, behind a message of the same chat still going out (or not sent): the order holds. */
export const WAITING_TO_SEND_TEXT = 'Waiting to send';
export const SENDING_TEXT = 'Sending…';
export const NOT_SENT_TEXT = 'Not sent';
export const OFFLINE_NOTE_TEXT = 'You are offline — messages will be sent when you reconnect.';

/**
 * A message of the member's still on this device (the outbox), in the conversation where it was
 * written, with its state: waiting, sending, or not sent with the server's reason, Retry and Delete.
 */
export function OutboxBubble({
  entry,
  sending,
  online,
  goneText,
  onRetry,
  onDelete,
}: {
  entry: OutboxEntry;
  sending: boolean;
  online: boolean;
  /** What a refusal for a chat that no longer exists says (the same words as the chat's own). */
  goneText: string;
  onRetry: () => void;
  onDelete: () => void;
}) {
  const textId = useId();
  const reasonId = useId();
  const refused = sending ? null : entry.refused;
  let label = WAITING_TO_SEND_TEXT;
  let Icon = Clock;
  if (sending) {
    label = SENDING_TEXT;
    Icon = Send;
  } else if (refused) {
    label = NOT_SENT_TEXT;
    Icon = CircleAlert;
  } else if (entry.unreached || !online) {
    label = WAITING_FOR_CONNECTION_TEXT;
  }
  return (
    <li className="flex flex-col items-end">
      <div
        className={cn(
          'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md border border-dashed bg-primary px-3 py-2 text-primary-foreground text-sm',
          refused ? 'border-rose-400 border-solid' : 'border-primary-foreground/50',
        )}
      >
        <span id={textId}>{entry.content}</span>
        <span className="mt-1 flex items-center justify-end gap-1 text-[0.7rem] opacity-80">
          <Icon aria-hidden="true" className="size-3.5" />
          {label}
        </span>
      </div>
      {refused && (
        <div className="mt-1 flex max-w-[80%] flex-wrap items-center justify-end gap-x-1 text-sm">
          <p id={reasonId} className="text-right text-rose-600 dark:text-rose-300">
            {refused.code === ErrorCode.NOT_FOUND ? goneText : refused.message}
          </p>
          <Button
            variant="ghost"
            className="px-3"
            onClick={onRetry}
            aria-describedby={`${textId} ${reasonId}`}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Retry
          </Button>
          <Button variant="ghost" className="px-3" onClick={onDelete} aria-describedby={textId}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
