import { type MemberSession, type Passkey, relativeTime, type TwoFactorEnrolReply } from '@royal/shared';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Fingerprint, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage, fieldProblems } from '@/lib/api';
import {
  useAddPasskey,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useMemberSessions,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  useSignOutOtherSessions,
  useSignOutSession,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/security';
import { BackupCodesList } from './backup-codes-list';
import { TextField } from './form-field';
import { RenewBackupCodesDialog } from './renew-backup-codes-dialog';
import { CodeField, codeProblem, PasswordField } from './security-fields';

/** Settings → Security (decision 057): two-factor, passkeys and the member's sessions. */
export function SecuritySection() {
  return (
    <section id="security" aria-label="Security" className="page-columns scroll-mt-24">
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
    </section>
  );
}

function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const [enrolling, setEnrolling] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const id = useId();

  function turnOff(event: FormEvent) {
    event.preventDefault();
    if (disable.isPending) return;
    const found = codeProblem(code);
    setProblem(found ?? undefined);
    if (found) return;
    disable.mutate(code, {
      onSuccess: () => {
        setCode('');
        toast.success('Two-factor authentication is off');
      },
      onError: (error) => setProblem(fieldProblems(error).code ?? errorMessage(error)),
    });
  }

  return (
    <TitledCard Icon={ShieldCheck} title="Two-Factor Authentication">
      {status.isError ? (
        <p role="alert" className="text-sm">
          {errorMessage(status.error)}
        </p>
      ) : !status.data ? (
        <p className="text-muted-foreground text-sm">Loading...</p>
      ) : status.data.enabled ? (
        <form noValidate onSubmit={turnOff} aria-label="Turn off two-factor" className="flex flex-col gap-3">
          <p className="text-sm">
            <strong>On.</strong> Sign-in asks for a code from your authenticator app.{' '}
            {status.data.backup_codes_left} backup codes left.
          </p>
          <Button type="button" variant="outline" className="self-start" onClick={() => setRenewing(true)}>
            New Backup Codes
          </Button>
          {status.data.required && (
            <p className="text-muted-foreground text-xs">
              Admins must keep two-factor on to use admin tools.
            </p>
          )}
          <CodeField
            id={`${id}-off`}
            label="Code or backup code to turn it off"
            value={code}
            onChange={setCode}
            problem={problem}
          />
          <Button
            type="submit"
            variant="outline"
            className="self-start"
            aria-disabled={disable.isPending || undefined}
          >
            {disable.isPending ? 'Turning off...' : 'Turn Off Two-Factor'}
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            Add a code from an authenticator app to your sign-in, so a stolen password is not enough.
          </p>
          {status.data.required && (
            <p role="alert" className="font-medium text-sm">
              Admins must turn on two-factor authentication before using admin tools.
            </p>
          )}
          <Button type="button" className="self-start" onClick={() => setEnrolling(true)}>
            Turn On Two-Factor
          </Button>
        </div>
      )}
      <EnrolDialog open={enrolling} onClose={() => setEnrolling(false)} />
      <RenewBackupCodesDialog open={renewing} onClose={() => setRenewing(false)} />
    </TitledCard>
  );
}

/** Password → scan the QR code and confirm with a code → the backup codes, shown this once. */
export function EnrolDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [secret, setSecret] = useState<TwoFactorEnrolReply | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const id = useId();

  function close() {
    // The secret and the backup codes go with the dialog: they are never shown again.
    setSecret(null);
    setCodes(null);
    setPassword('');
    setCode('');
    setProblem(undefined);
    onClose();
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    if (!password) return setProblem('Password is required');
    start.mutate(password, {
      onSuccess: (reply) => {
        setSecret(reply);
        setPassword('');
        setProblem(undefined);
      },
      onError: (error) => setProblem(fieldProblems(error).password ?? errorMessage(error)),
    });
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    const found = codeProblem(code);
    setProblem(found ?? undefined);
    if (found) return;
    confirm.mutate(code, {
      onSuccess: ({ backup_codes }) => {
        setCodes(backup_codes);
        setProblem(undefined);
      },
      onError: (error) => setProblem(fieldProblems(error).code ?? errorMessage(error)),
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">Turn On Two-Factor</Dialog.Title>
        <Dialog.Description className="mt-1 text-muted-foreground text-sm">
          {codes
            ? 'Two-factor is on. Save these backup codes now: they are shown only this once.'
            : secret
              ? 'Scan the QR code with your authenticator app, then enter the code it shows.'
              : 'Enter your password to begin.'}
        </Dialog.Description>
        {codes ? (
          <BackupCodesList codes={codes} onDone={close} />
        ) : secret ? (
          <form noValidate onSubmit={submitCode} className="mt-4 flex flex-col gap-3">
            <img
              src={secret.qr_code}
              alt="QR code for your authenticator app"
              className="mx-auto size-48 rounded-lg bg-white p-2"
            />
            <p className="text-sm">
              Can’t scan? Enter this key: <code className="break-all font-mono">{secret.secret}</code>
            </p>
            <CodeField
              id={`${id}-code`}
              label="6-digit code"
              value={code}
              onChange={setCode}
              problem={problem}
            />
            <Button type="submit" aria-disabled={confirm.isPending || undefined}>
              {confirm.isPending ? 'Confirming...' : 'Confirm'}
            </Button>
          </form>
        ) : (
          <form noValidate onSubmit={submitPassword} className="mt-4 flex flex-col gap-3">
            <PasswordField id={`${id}-password`} value={password} onChange={setPassword} problem={problem} />
            <Button type="submit" aria-disabled={start.isPending || undefined}>
              {start.isPending ? 'Checking...' : 'Continue'}
            </Button>
          </form>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}

function PasskeysCard() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Give the passkey a name';
    if (!password) found.password = 'Password is required';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { name: name.trim(), password },
      {
        onSuccess: () => {
          setName('');
          setPassword('');
          toast.success('Passkey added');
        },
        onError: (error) => {
          setProblems(fieldProblems(error));
          toast.error('Could not add the passkey', { description: errorMessage(error) });
        },
      },
    );
  }

  return (
    <TitledCard Icon={Fingerprint} title="Passkeys">
      <p className="text-sm">Sign in with your fingerprint, face or device PIN instead of the password.</p>
      {list.data && list.data.length > 0 ? (
        <ul aria-label="Your passkeys" className="flex flex-col gap-2">
          {list.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : list.data ? (
        <p className="text-muted-foreground text-sm">No passkeys yet.</p>
      ) : null}
      {supported ? (
        <form noValidate onSubmit={submit} aria-label="Add a passkey" className="flex flex-col gap-3">
          <TextField
            id={`${id}-name`}
            label="Passkey name"
            placeholder="My phone"
            value={name}
            onChange={(event) => setName(event.target.value)}
            problem={problems.name}
          />
          <PasswordField
            id={`${id}-password`}
            value={password}
            onChange={setPassword}
            problem={problems.password}
          />
          <Button
            type="submit"
            variant="outline"
            className="self-start"
            aria-disabled={add.isPending || undefined}
          >
            {add.isPending ? 'Waiting for your device...' : 'Add Passkey'}
          </Button>
        </form>
      ) : (
        <p className="text-muted-foreground text-sm">This browser cannot create passkeys.</p>
      )}
    </TitledCard>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const id = useId();
  const fail = (title: string) => (error: unknown) =>
    toast.error(title, { description: errorMessage(error) });

  return (
    <li className="flex flex-wrap items-center gap-2 rounded-xl border border-border p-3">
      {editing ? (
        <form
          className="flex flex-1 flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            rename.mutate(
              { id: passkey.id, name: name.trim() },
              { onSuccess: () => setEditing(false), onError: fail('Could not rename') },
            );
          }}
        >
          <TextField
            id={`${id}-rename`}
            label="New name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" variant="outline">
            Save
          </Button>
        </form>
      ) : (
        <div className="flex-1">
          <p className="font-medium">{passkey.name}</p>
          <p className="text-muted-foreground text-xs">
            Added {relativeTime(passkey.created_at)}
            {passkey.last_used_at ? ` · last used ${relativeTime(passkey.last_used_at)}` : ''}
          </p>
        </div>
      )}
      {!editing && (
        <Button
          type="button"
          variant="ghost"
          onClick={() => setEditing(true)}
          aria-label={`Rename ${passkey.name}`}
        >
          Rename
        </Button>
      )}
      <Button
        type="button"
        variant="ghost"
        aria-label={`Remove ${passkey.name}`}
        onClick={() =>
          remove.mutate(passkey.id, {
            onSuccess: () => toast.success('Passkey removed'),
            onError: fail('Could not remove'),
          })
        }
      >
        Remove
      </Button>
    </li>
  );
}

function SessionsCard() {
  const list = useMemberSessions();
  const signOutOthers = useSignOutOtherSessions();
  const others = list.data?.filter((s) => !s.current).length ?? 0;
  return (
    <TitledCard Icon={MonitorSmartphone} title="Sessions">
      <p className="text-sm">Where you are signed in. Sign out anything you don’t recognise.</p>
      {list.isError && (
        <p role="alert" className="text-sm">
          {errorMessage(list.error)}
        </p>
      )}
      {list.data && (
        <ul aria-label="Your sessions" className="flex flex-col gap-2">
          {list.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          aria-disabled={signOutOthers.isPending || undefined}
          onClick={() =>
            signOutOthers.mutate(undefined, {
              onSuccess: ({ signed_out }) =>
                toast.success('Signed out everywhere else', {
                  description: `${signed_out} other session${signed_out === 1 ? '' : 's'} signed out.`,
                }),
              onError: (error) => toast.error('Could not sign out', { description: errorMessage(error) }),
            })
          }
        >
          Sign Out All Other Sessions
        </Button>
      )}
    </TitledCard>
  );
}

function SessionRow({ session }: { session: MemberSession }) {
  const signOut = useSignOutSession();
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-xl border border-border p-3">
      <div className="flex-1">
        <p className="font-medium">{session.device}</p>
        <p className="text-muted-foreground text-xs">
          {session.location} ·{' '}
          {session.current ? 'This device' : `Active ${relativeTime(session.last_active)}`}
        </p>
      </div>
      {!session.current && (
        <Button
          type="button"
          variant="ghost"
          aria-label={`Sign out ${session.device}`}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () => toast.success('Session signed out'),
              onError: (error) => toast.error('Could not sign out', { description: errorMessage(error) }),
            })
          }
        >
          Sign Out
        </Button>
      )}
    </li>
  );
}
