import {
  DEFAULT_MEMBER_SETTINGS,
  LANGUAGE_LABELS,
  type MemberSettings,
  type MemberSettingsPatch,
} from '@royal/shared';
import {
  BellRing,
  ChevronRight,
  CircleHelp,
  CreditCard,
  Crown,
  Eye,
  EyeOff,
  Globe,
  Heart,
  LogOut,
  type LucideIcon,
  MessageCircle,
  MessageSquare,
  Moon,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  UserPen,
} from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PopoverPanel } from '@/components/ui/popover-panel';
import { Switch } from '@/components/ui/switch';
import { useCurrentMember, useSignOut } from '@/features/auth';
import { useGhostModeSwitch, useMemberSettings, useUpdateMemberSettings } from '@/features/settings';
import { HelpDialog } from '@/features/support';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { focusFirstItem } from '@/lib/focus';
import { paths } from '@/lib/paths';

const VAULT_TIER = 4;
const ROW = 'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-1.5 text-left text-sm transition';
const ROW_ACTION = `${ROW} cursor-pointer hover:bg-surface-muted`;

type SwitchSetting = 'push_notifications' | 'match_notifications' | 'message_notifications' | 'dark_mode';

/** The quick settings panel of the top bar (spec part 1 §2, "Settings popover"); switches are saved. */
export function SettingsPopover() {
  const me = useCurrentMember();
  const [open, setOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const settingsQuery = useMemberSettings();
  const update = useUpdateMemberSettings();
  const ghostMode = useGhostModeSwitch();
  const { signOut, isPending: signingOut } = useSignOut();

  const settings: MemberSettings = settingsQuery.data ?? DEFAULT_MEMBER_SETTINGS;
  const loaded = settingsQuery.isSuccess;
  const close = () => setOpen(false);
  const save = (patch: MemberSettingsPatch) => update.mutate(patch);

  const switchProps = (field: SwitchSetting) => ({
    checked: settings[field],
    disabled: !loaded,
    onCheckedChange: (checked: boolean) => save({ [field]: checked }),
  });

  async function handleSignOut() {
    setOpen(false);
    try {
      await signOut(paths.landing);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-label="Settings"
          className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-chrome-foreground transition hover:bg-white/10 min-[360px]:size-11"
        >
          <Settings aria-hidden="true" className="size-5" />
        </Popover.Trigger>
        <PopoverPanel
          aria-label="Settings"
          onOpenAutoFocus={focusFirstItem}
          className="w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto overscroll-contain [--panel-pad:0.5rem]"
        >
          {settingsQuery.isError && (
            <p
              role="alert"
              className="m-2 rounded-xl bg-rose-50 p-3 text-rose-800 text-sm dark:bg-rose-950 dark:text-rose-100"
            >
              {errorMessage(settingsQuery.error)}
            </p>
          )}
          <Section title="Account">
            <NavRow onNavigate={close} to={paths.profileEdit} Icon={UserPen} label="Edit Profile" />
            <NavRow
              onNavigate={close}
              to={paths.subscription}
              Icon={Crown}
              label="Tier Management"
              badge={me.tier_level === VAULT_TIER ? 'Vault Verified' : 'Upgrade Available'}
            />
            <NavRow
              onNavigate={close}
              to={paths.subscription}
              Icon={CreditCard}
              label="Billing & Subscriptions"
            />
          </Section>
          <Section title="Privacy & Safety">
            <NavRow onNavigate={close} to={paths.safety} Icon={ShieldCheck} label="Safety Center" />
            <SwitchRow
              Icon={Eye}
              label="Profile Visibility"
              checked={settings.profile_visibility !== 'private'}
              disabled={!loaded}
              onCheckedChange={(checked) => save({ profile_visibility: checked ? 'public' : 'private' })}
            />
            <SwitchRow
              Icon={EyeOff}
              label="Ghost Mode"
              checked={ghostMode.checked}
              disabled={ghostMode.disabled}
              hint={ghostMode.reason}
              onCheckedChange={ghostMode.onCheckedChange}
            />
            <NavRow onNavigate={close} to={paths.messages} Icon={MessageSquare} label="Message Requests" />
          </Section>
          <Section title="Notifications">
            <SwitchRow Icon={BellRing} label="Push Notifications" {...switchProps('push_notifications')} />
            <SwitchRow Icon={Heart} label="Match Notifications" {...switchProps('match_notifications')} />
            <SwitchRow
              Icon={MessageCircle}
              label="Message Notifications"
              {...switchProps('message_notifications')}
            />
          </Section>
          <Section title="Preferences">
            <SwitchRow Icon={Moon} label="Dark Mode" {...switchProps('dark_mode')} />
            <div className={ROW}>
              <RowIcon Icon={Globe} />
              <span className="flex-1">Language</span>
              <span className="text-muted-foreground">{LANGUAGE_LABELS[settings.language]}</span>
            </div>
          </Section>
          <Section title="Support" last>
            <button
              type="button"
              className={ROW_ACTION}
              onClick={() => {
                setOpen(false);
                setHelpOpen(true);
              }}
            >
              <RowIcon Icon={CircleHelp} />
              <span className="flex-1">Help & Support</span>
              <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
            </button>
            <NavRow
              onNavigate={close}
              to={paths.settings}
              Icon={SlidersHorizontal}
              label="Advanced Settings"
            />
            <button
              type="button"
              className={cn(ROW_ACTION, 'text-rose-700 dark:text-rose-300')}
              onClick={handleSignOut}
              disabled={signingOut}
            >
              <LogOut aria-hidden="true" className="size-4.5 shrink-0" />
              <span className="flex-1">Sign Out</span>
            </button>
          </Section>
        </PopoverPanel>
      </Popover.Root>
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </>
  );
}

function Section({ title, children, last = false }: { title: string; children: ReactNode; last?: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('py-1', !last && 'border-border border-b')}>
      <h2
        id={id}
        className="px-3 pt-2 pb-1 font-sans font-semibold text-muted-foreground text-xs uppercase tracking-[0.15em]"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function RowIcon({ Icon }: { Icon: LucideIcon }) {
  return <Icon aria-hidden="true" className="size-4.5 shrink-0 text-primary dark:text-gold-300" />;
}

type NavRowProps = { to: string; Icon: LucideIcon; label: string; badge?: string; onNavigate: () => void };

function NavRow({ to, Icon, label, badge, onNavigate }: NavRowProps) {
  return (
    <Link to={to} onClick={onNavigate} className={ROW_ACTION}>
      <RowIcon Icon={Icon} />
      <span className="flex-1">{label}</span>
      {badge && (
        <span className="rounded-full bg-gold-100 px-2 font-semibold text-gold-900 text-xs leading-5 dark:bg-gold-900/70 dark:text-gold-100">
          {badge}
        </span>
      )}
      <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
    </Link>
  );
}

function SwitchRow({
  Icon,
  label,
  checked,
  disabled,
  hint,
  onCheckedChange,
}: {
  Icon: LucideIcon;
  label: string;
  checked: boolean;
  disabled: boolean;
  /** Why the switch is off limits, under its label. */
  hint?: string | null;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={cn(ROW, 'py-0 pr-0')}>
      <RowIcon Icon={Icon} />
      <div className="flex min-w-0 flex-1 flex-col">
        <label htmlFor={id} className="cursor-pointer">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="text-muted-foreground text-xs">
            {hint}
          </span>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
