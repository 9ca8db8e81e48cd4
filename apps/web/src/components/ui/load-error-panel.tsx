import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from './button';
import { StatusPanel } from './status-panel';

export type LoadErrorPanelProps = {
  /** The spec's heading for this failure, e.g. 'Failed to fetch interactions'. */
  title: string;
  /** What went wrong (the server's message). */
  message: string;
  onRetry: () => void;
  /** True while the retry runs: the button waits. */
  retrying: boolean;
  className?: string;
};

/** A screen's data failed to load: what happened, and Try Again. */
export function LoadErrorPanel({ title, message, onRetry, retrying, className }: LoadErrorPanelProps) {
  return (
    <StatusPanel Icon={TriangleAlert} tone="danger" title={title} description={message} className={className}>
      <Button onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Try Again
      </Button>
    </StatusPanel>
  );
}
