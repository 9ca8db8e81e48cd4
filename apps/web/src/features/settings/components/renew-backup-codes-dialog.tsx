import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { errorMessage, fieldProblems } from '@/lib/api';
import { useRegenerateBackupCodes } from '../api/security';
import { BackupCodesList } from './backup-codes-list';
import { CodeField, codeProblem, PasswordField } from './security-fields';

/**
 * New backup codes (decision 057): a code from the app or a backup code proves it is the member,
 * or the password for one who has neither at hand; the old codes stop working and the new ones
 * are shown this once.
 */
export function RenewBackupCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const renew = useRegenerateBackupCodes();
  const [byPassword, setByPassword] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const id = useId();

  function close() {
    // The codes go with the dialog: they are never shown again.
    setCodes(null);
    setValue('');
    setProblem(undefined);
    setByPassword(false);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (renew.isPending) return;
    const found = byPassword ? (value ? null : 'Password is required') : codeProblem(value);
    setProblem(found ?? undefined);
    if (found) return;
    renew.mutate(byPassword ? { password: value } : { code: value }, {
      onSuccess: ({ backup_codes }) => setCodes(backup_codes),
      onError: (error) => {
        const problems = fieldProblems(error);
        setProblem(problems.password ?? problems.code ?? errorMessage(error));
      },
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">New Backup Codes</Dialog.Title>
        <Dialog.Description className="mt-1 text-muted-foreground text-sm">
          {codes
            ? 'Your old backup codes no longer work. Save these now: they are shown only this once.'
            : 'Your old backup codes will stop working.'}
        </Dialog.Description>
        {codes ? (
          <BackupCodesList codes={codes} onDone={close} />
        ) : (
          <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
            {byPassword ? (
              <PasswordField id={`${id}-password`} value={value} onChange={setValue} problem={problem} />
            ) : (
              <CodeField
                id={`${id}-code`}
                label="Code from your app or a backup code"
                value={value}
                onChange={setValue}
                problem={problem}
              />
            )}
            <Button type="submit" aria-disabled={renew.isPending || undefined}>
              {renew.isPending ? 'Making codes...' : 'Make New Codes'}
            </Button>
            <Button
              type="button"
              variant="ghost"
              className="self-start"
              onClick={() => {
                setByPassword(!byPassword);
                setValue('');
                setProblem(undefined);
              }}
            >
              {byPassword ? 'Use a code instead' : 'Use your password instead'}
            </Button>
          </form>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}
