import { Ban, Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { BlockDialog } from './block-dialog';
import { ReportDialog } from './report-dialog';

/**
 * Report and Block for another member (their profile page, the chat header). `compact`: icon buttons
 * named for the member, where a header has no room for words.
 */
export function MemberSafetyActions({
  member,
  onBlocked,
  compact = false,
}: {
  member: { id: string; name: string };
  onBlocked: () => void;
  compact?: boolean;
}) {
  const [open, setOpen] = useState<'report' | 'block' | null>(null);
  const button = (kind: 'report' | 'block', label: string, Icon: typeof Flag) => (
    <Button
      variant="ghost"
      size={compact ? 'icon' : undefined}
      aria-label={compact ? `${label} ${member.name}` : undefined}
      onClick={() => setOpen(kind)}
      className={cn(!compact && 'min-h-11 px-3 text-muted-foreground hover:text-foreground')}
    >
      <Icon aria-hidden="true" className="size-4" />
      {!compact && label}
    </Button>
  );
  return (
    <div className="flex items-center gap-1">
      {button('report', 'Report', Flag)}
      {button('block', 'Block', Ban)}
      <ReportDialog
        member={member}
        open={open === 'report'}
        onOpenChange={(isOpen) => setOpen(isOpen ? 'report' : null)}
        onBlocked={onBlocked}
      />
      <BlockDialog
        member={member}
        open={open === 'block'}
        onOpenChange={(isOpen) => setOpen(isOpen ? 'block' : null)}
        onBlocked={onBlocked}
      />
    </div>
  );
}
