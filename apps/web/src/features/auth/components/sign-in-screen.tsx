import { type AccountRestriction, AppError, restrictionOf, SIGN_UP_CHECK_EMAIL_TEXT } from '@royal/shared';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CrownArt } from '@/components/ui/crown';
import { RoyalBackdrop } from '@/components/ui/royal-backdrop';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { takeRestriction } from '@/lib/restriction-notice';
import { needsSecondFactor } from '../api/second-factor';
import { useSignIn, useSignUp, useSignUpOptions } from '../api/sign-in';
import { AuthForm, type AuthMode } from './auth-form';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { RestrictionNotice } from './restriction-notice';
import { SecondFactorStep } from './second-factor-step';

const TAB_TRIGGER =
  'min-h-11 flex-1 cursor-pointer rounded-full px-3 font-semibold text-royal-100 text-sm transition hover:text-white data-[state=active]:bg-gradient-to-r data-[state=active]:from-gold-300 data-[state=active]:to-gold-500 data-[state=active]:text-royal-950 data-[state=active]:shadow';

type Carried = { email: string; password: string };

/** The sign-in / sign-up screen (spec part 1 §2). */
export function SignInScreen() {
  const navigate = useNavigate();
  // An invite link (`/signin?invite=CODE`) opens on Join the Elite with its code filled in.
  const [params] = useSearchParams();
  const inviteFromLink = params.get('invite') ?? '';
  // The page is prerendered on Royal Sign In (decision 019): it turns to Join the Elite once the app
  // owns it, so hydration finds the markup it drew.
  const [tab, setTab] = useState<AuthMode>('sign-in');
  useEffect(() => {
    if (inviteFromLink) setTab('sign-up');
  }, [inviteFromLink]);
  const options = useSignUpOptions(tab === 'sign-up' && !inviteFromLink);
  // What was typed on one tab (e-mail and password) goes with the visitor to the other. A tab
  // pressed before the app owns the page turns only once it does (decision 019): whatever was typed
  // meanwhile went into the form still showing, and would otherwise be left behind on the tab just
  // closed. Kept in this screen's state only, for the moment of the switch.
  const tabs = useRef<HTMLDivElement>(null);
  const [carried, setCarried] = useState<Carried>({ email: '', password: '' });
  const switchTab = (value: string) => {
    const typed = (name: keyof Carried) =>
      tabs.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
    setCarried({ email: typed('email'), password: typed('password') });
    setTab(value as AuthMode);
  };
  const signIn = useSignIn();
  const signUp = useSignUp();
  // The password was right and the member has two-factor: the code is asked next (decision 057).
  const [codeStep, setCodeStep] = useState(false);

  // A suspended or banned member (decision 060): why, shown above the form. From their refused
  // sign-in (which set the appeal cookie), or left by their open tab when an admin acted; read after
  // mount, since the prerendered page has none.
  const [restriction, setRestriction] = useState<{ notice: AccountRestriction; appealReady: boolean } | null>(
    null,
  );
  useEffect(() => {
    const left = takeRestriction();
    if (left) setRestriction({ notice: left, appealReady: false });
  }, []);

  const onFailure = (error: unknown) => {
    const notice = error instanceof AppError ? restrictionOf(error.details) : null;
    if (notice) {
      setCodeStep(false);
      setRestriction({ notice, appealReady: notice.can_appeal });
      return;
    }
    toast.error('Error', { description: errorMessage(error) });
  };
  const welcome = () => {
    toast.success('Welcome back!', { description: 'You have been signed in successfully.' });
    navigate(paths.app, { replace: true });
  };

  return (
    <div className="relative min-h-dvh overflow-hidden theme-night bg-night text-ivory">
      <RoyalBackdrop />
      <main className="safe-top safe-bottom relative z-10 mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center px-5 py-10">
        <CrownArt className="w-32 sm:w-36" />
        <h1 className="text-gold-foil mt-4 motion-safe:animate-shimmer text-center font-display text-4xl sm:text-5xl">
          Royal Circle
        </h1>
        <p className="mt-3 text-center font-display text-gold-100 text-xl italic">Enter the Royal Circle</p>
        <p className="mt-1 text-center text-royal-100 text-sm uppercase tracking-[0.15em] min-[360px]:tracking-[0.25em]">
          Where Luxury Meets Love
        </p>

        {restriction && (
          <RestrictionNotice
            restriction={restriction.notice}
            appealReady={restriction.appealReady}
            onAppealExpired={() => setRestriction({ ...restriction, appealReady: false })}
          />
        )}
        <Tabs.Root
          ref={tabs}
          value={tab}
          onValueChange={switchTab}
          className="mt-8 w-full rounded-3xl border border-white/15 bg-royal-950/55 p-5 shadow-[0_30px_80px_-30px_rgba(0,0,0,0.8)] backdrop-blur-xl sm:p-7"
        >
          <Tabs.List aria-label="Sign in or join" className="flex gap-1 rounded-full bg-white/10 p-1">
            <Tabs.Trigger value="sign-in" className={TAB_TRIGGER}>
              Royal Sign In
            </Tabs.Trigger>
            <Tabs.Trigger value="sign-up" className={TAB_TRIGGER}>
              Join the Elite
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="sign-in" tabIndex={-1} className="mt-6 focus:outline-none">
            {codeStep ? (
              <SecondFactorStep
                onSignedIn={welcome}
                onRefused={onFailure}
                onRestart={(message) => {
                  setCodeStep(false);
                  onFailure(new Error(message));
                }}
              />
            ) : (
              <>
                <AuthForm
                  mode="sign-in"
                  defaults={carried}
                  busy={signIn.isPending}
                  onSubmit={async (credentials) => {
                    let reply: Awaited<ReturnType<typeof signIn.mutateAsync>>;
                    try {
                      reply = await signIn.mutateAsync(credentials);
                    } catch (error) {
                      return onFailure(error);
                    }
                    if (needsSecondFactor(reply)) return setCodeStep(true);
                    welcome();
                  }}
                />
                <PasskeySignInButton onSignedIn={welcome} onFailure={onFailure} />
              </>
            )}
            <Link
              to={paths.forgotPassword}
              className="mt-4 block text-center text-gold-200 text-sm underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </Tabs.Content>
          <Tabs.Content value="sign-up" tabIndex={-1} className="mt-6 focus:outline-none">
            <AuthForm
              mode="sign-up"
              defaults={carried}
              // Asked for on an invite-only server, and shown whenever a link brought a code (it is
              // checked and used up either way, and records who invited the new member).
              invite={options.data?.invite_only || inviteFromLink ? { code: inviteFromLink } : undefined}
              busy={signUp.isPending}
              onSubmit={async (credentials) => {
                try {
                  await signUp.mutateAsync(credentials);
                } catch (error) {
                  return onFailure(error);
                }
                // The member is signed in at once; what comes next is the compliance gate's first
                // step, then setting up the profile. The e-mail is confirmed from its link meanwhile.
                toast.success('Account created!', { description: SIGN_UP_CHECK_EMAIL_TEXT });
                navigate(paths.app, { replace: true });
              }}
            />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
