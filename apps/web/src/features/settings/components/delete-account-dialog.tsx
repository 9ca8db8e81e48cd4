import { DELETE_ACCOUNT_CONFIRM_WORD, deleteAccountBodySchema } from '@royal/shared';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { useAuth } from '@/features/auth';
import { fieldProblems, refusalOr } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useDeleteAccount } from '../api/delete-account';
import { TextField } from './form-field';

export const DELETE_ACCOUNT_FAILED_TEXT = 'Failed to delete account';
export const ACCOUNT_DELETED_TEXT = 'Your account has been deleted';

type Problems = { password?: string; confirm?: string };

/**
 * Delete Account (issue 34, decision 052): says what goes and what is kept, asks for the password
 * and the typed word DELETE; on success the member is signed out to the landing page with a toast.
 * The server's refusals (a wrong password, money still in the wallet) stay in the dialog.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { endSession } = useAuth();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  function close(next: boolean) {
    if (!next) {
      setPassword('');
      setConfirm('');
      setProblems({});
      setFailure(null);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (remove.isPending) return;
    const parsed = deleteAccountBodySchema.safeParse({ password, confirm });
    const found: Problems = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as keyof Problems;
      found[field] ??= issue.message;
    }
    setProblems(found);
    setFailure(null);
    if (!parsed.success) return;
    remove.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(ACCOUNT_DELETED_TEXT, { description: 'We are sorry to see you go.' });
        endSession(paths.landing);
      },
      onError: (error) => {
        const byField = fieldProblems(error);
        setProblems(byField);
        if (!byField.password) setFailure(refusalOr(error, DELETE_ACCOUNT_FAILED_TEXT));
      },
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">Delete Account</Dialog.Title>
        <Dialog.Description className="mt-1 text-muted-foreground text-sm">
          Are you sure you want to delete your account? This action cannot be undone.
        </Dialog.Description>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
          <li>
            Deleted at once: your profile, photos, ID images, bio, prompts, location, emergency contact,
            likes, favorites, notifications and support requests. You are signed out on every device and your
            e-mail address is free to sign up again.
          </li>
          <li>
            Kept for 7 years, under the name “Deleted member” and never shown with your details: the messages
            you exchanged and your wallet records, as the law and our retention rules require.
          </li>
          <li>
            Money first: an account with a wallet balance, a pending withdrawal or a held transfer cannot be
            deleted. Withdraw your balance and wait for it to settle, then come back.
          </li>
        </ul>
        <form noValidate onSubmit={submit} aria-label="Delete Account" className="mt-4 flex flex-col gap-3">
          <TextField
            id={`${id}-password`}
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            problem={problems.password}
          />
          <TextField
            id={`${id}-confirm`}
            label={`Type ${DELETE_ACCOUNT_CONFIRM_WORD} to confirm`}
            autoComplete="off"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            problem={problems.confirm}
          />
          {failure ? (
            <p role="alert" className="text-rose-700 text-sm dark:text-rose-300">
              {failure}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              aria-disabled={remove.isPending || undefined}
              className="bg-red-600 text-white hover:bg-red-700"
            >
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </ModalContent>
    </Dialog.Root>
  );
}
