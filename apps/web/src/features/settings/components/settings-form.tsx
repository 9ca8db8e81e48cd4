import type { Me, MemberSettings } from '@royal/shared';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useUpdateProfile } from '@/features/profile-edit';
import { errorMessage, fieldProblems } from '@/lib/api';
import { useSaveMemberSettings } from '../api/update-member-settings';
import {
  browserTimeZone,
  type FormProblems,
  formProblemsOf,
  type SettingsFormValues,
  type SettingsRequests,
  settingsFormFrom,
  settingsRequestsOf,
} from '../settings-form';
import { DatingPreferencesSection } from './dating-preferences-section';
import { NotificationsSection } from './notifications-section';
import { SafetyPrivacySection } from './safety-privacy-section';

export const SETTINGS_SAVED = 'Settings saved successfully!';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';

/**
 * The Settings page's form: Safety & Privacy, Dating Preferences and Notifications, kept until Save
 * Settings sends what changed. Fields the member has not touched follow the saved settings, so a
 * switch flipped meanwhile in the More menu shows here too.
 */
export function SettingsForm({ settings, me }: { settings: MemberSettings; me: Me }) {
  const saved = useMemo(() => settingsFormFrom(settings, me), [settings, me]);
  const form = useForm<SettingsFormValues>({
    defaultValues: saved,
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const [problems, setProblems] = useState<FormProblems>({});
  const saveSettings = useSaveMemberSettings();
  const updateProfile = useUpdateProfile();
  const women = me.user_type === 'women';
  const saving = useRef(false);
  const [pending, setPending] = useState(false);

  /** Sends the settings, then the preferences; the saved state of both, or null after a refusal. */
  async function send(requests: SettingsRequests) {
    let part: keyof SettingsRequests = 'settings';
    try {
      const savedSettings = requests.settings ? await saveSettings.mutateAsync(requests.settings) : settings;
      part = 'preferences';
      const savedMe = requests.preferences ? await updateProfile.mutateAsync(requests.preferences) : me;
      return { settings: savedSettings, me: savedMe };
    } catch (error) {
      setProblems(formProblemsOf(part, fieldProblems(error)));
      toast.error(SETTINGS_SAVE_FAILED, { description: errorMessage(error) });
      return null;
    }
  }

  const save = form.handleSubmit(async (values) => {
    // One save at a time: the button stays focusable while one runs (see below).
    if (saving.current) return;
    const checked = settingsRequestsOf(values, form.formState.dirtyFields, {
      women,
      timeZone: browserTimeZone(),
    });
    if (checked.problems) {
      setProblems(checked.problems);
      toast.error(SETTINGS_SAVE_FAILED, { description: Object.values(checked.problems)[0] });
      return;
    }
    setProblems({});
    saving.current = true;
    setPending(true);
    try {
      const stored = await send(checked.requests);
      if (stored) {
        // As saved (a phone number in E.164), and nothing left to save.
        // (keepDirtyValues off: the form's resetOptions would otherwise keep the typed entries.)
        form.reset(settingsFormFrom(stored.settings, stored.me), { keepDirtyValues: false });
        toast.success(SETTINGS_SAVED);
      }
    } finally {
      saving.current = false;
      setPending(false);
    }
  });

  return (
    <form noValidate onSubmit={save} aria-label="Settings" className="flex flex-col gap-5">
      <div className="page-columns">
        <SafetyPrivacySection form={form} problems={problems} />
        <div className="flex flex-col gap-5">
          <DatingPreferencesSection form={form} problems={problems} women={women} />
          <NotificationsSection
            form={form}
            problems={problems}
            memberId={me.id}
            savedZone={settings.quiet_hours_zone}
          />
        </div>
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          variant="gold"
          size="lg"
          // Not `disabled`: a disabled button drops the focus it holds.
          aria-disabled={pending || undefined}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto sm:min-w-44"
        >
          {pending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
