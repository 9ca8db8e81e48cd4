import { changePasswordBodySchema, PASSWORD_MIN_LENGTH, passwordProblem } from '@royal/shared';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/titled-card';
import { useCurrentMember } from '@/features/auth';
import { errorMessage, fieldProblems, issueProblems } from '@/lib/api';
import { useChangePassword } from '../api/change-password';
import { TextField } from './form-field';

type Problems = { current_password?: string; new_password?: string };

/**
 * Change Password: the current password and a new one, checked by the server's own rules first;
 * every other device is signed out, this one stays signed in.
 */
export function ChangePasswordSection() {
  const me = useCurrentMember();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = changePasswordBodySchema.safeParse({ current_password: current, new_password: next });
    const found: Problems = issueProblems(parsed.error?.issues);
    const weak = parsed.success ? passwordProblem(next, me.email) : null;
    if (weak) found.new_password = weak;
    setProblems(found);
    if (!parsed.success || weak) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        setCurrent('');
        setNext('');
        toast.success('Password changed', { description: 'Every other device has been signed out.' });
      },
      onError: (error) => {
        setProblems(fieldProblems(error));
        toast.error('Failed to change password', { description: errorMessage(error) });
      },
    });
  }

  return (
    <TitledCard Icon={KeyRound} title="Change Password">
      <form noValidate onSubmit={submit} aria-label="Change Password" className="flex flex-col gap-3">
        <TextField
          id={`${id}-current`}
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          problem={problems.current_password}
        />
        <TextField
          id={`${id}-new`}
          label={`New Password (min ${PASSWORD_MIN_LENGTH} characters)`}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          problem={problems.new_password}
        />
        <p className="text-muted-foreground text-xs">
          Changing it signs you out everywhere else; you stay signed in here.
        </p>
        <Button
          type="submit"
          variant="outline"
          className="self-start"
          aria-disabled={change.isPending || undefined}
        >
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </TitledCard>
  );
}
