import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { backupCodesFile } from '../api/security';

/**
 * Backup codes just made (turning two-factor on, or renewing them), with ways to keep them: they
 * are shown this once, so `onDone` is where the dialog holding them forgets them.
 */
export function BackupCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const text = backupCodesFile(codes);
  return (
    <div className="mt-4 flex flex-col gap-3">
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded-lg bg-surface-muted px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.clipboard
              .writeText(text)
              .then(() => toast.success('Backup codes copied'))
              .catch(() => toast.error('Could not copy. Download them instead.'))
          }
        >
          Copy
        </Button>
        <Button variant="outline" asChild>
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="royal-circle-backup-codes.txt"
          >
            Download
          </a>
        </Button>
        <Button type="button" onClick={onDone}>
          I Saved Them
        </Button>
      </div>
    </div>
  );
}
