import { changeEmailBodySchema } from '@royal/shared';
import { AtSign } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/titled-card';
import { useChangeEmail, useCurrentMember } from '@/features/auth';
import { errorMessage, fieldProblems, issueProblems } from '@/lib/api';
import { TextField } from './form-field';

type Problems = { new_email?: string; password?: string };

/**
 * Change E-mail (decision 056): the new address and the current password. The address changes
 * only once the link sent to the new one is opened; the old one is told then.
 */
export function ChangeEmailSection() {
  const me = useCurrentMember();
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [pending, setPending] = useState<string>();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = changeEmailBodySchema.safeParse({ new_email: email, password });
    setProblems(issueProblems(parsed.error?.issues));
    if (!parsed.success) return;
    change.mutate(parsed.data, {
      onSuccess: (reply) => {
        setPending(reply.message);
        setEmail('');
        setPassword('');
        toast.success('Check your new inbox', { description: reply.message });
      },
      onError: (error) => {
        setProblems(fieldProblems(error));
        toast.error('Could not change your e-mail', { description: errorMessage(error) });
      },
    });
  }

  return (
    <TitledCard Icon={AtSign} title="Change E-mail">
      <form noValidate onSubmit={submit} aria-label="Change E-mail" className="flex flex-col gap-3">
        <p className="text-muted-foreground text-sm">
          Your e-mail is <strong className="break-all text-foreground">{me.email}</strong>.
        </p>
        <TextField
          id={`${id}-email`}
          label="New E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          problem={problems.new_email}
        />
        <TextField
          id={`${id}-password`}
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          problem={problems.password}
        />
        {pending && (
          <p role="status" className="text-sm">
            {pending}
          </p>
        )}
        <Button
          type="submit"
          variant="outline"
          className="self-start"
          aria-disabled={change.isPending || undefined}
        >
          {change.isPending ? 'Sending...' : 'Change E-mail'}
        </Button>
      </form>
    </TitledCard>
  );
}
