import type { MemberSettings, MemberSettingsPatch } from '@royal/shared';
import { Phone, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import {
  checkEmergencyContact,
  contactProblemsOf,
  type EmergencyContact,
  EmergencyContactFields,
  type EmergencyContactProblems,
  emergencyContactOf,
  ProfileVisibilityPicker,
  SETTING_TEXTS,
  SETTINGS_LOAD_FAILED,
  SettingSwitchRow,
  useSettingsForEditing,
  useUpdateMemberSettings,
} from '@/features/settings';
import { errorMessage, fieldProblems } from '@/lib/api';

export const SAFETY_SETTINGS_SAVED = 'Settings Updated';
export const SAFETY_SETTINGS_SAVED_TEXT = 'Your safety settings have been saved';
export const SAFETY_SETTINGS_SAVE_FAILED = 'Failed to save safety settings';

/** The tab's switches, in the spec's order of the safety settings (part 2 §3). */
const SAFETY_SWITCHES = [
  'incognito_mode',
  'location_sharing',
  'read_receipts',
  'safe_meeting_notifications',
  'auto_block_suspicious',
] as const;

/**
 * The Safety Center's Safety Settings tab: each switch and the visibility save as they change (one
 * set of settings with the Settings page and the More menu); the emergency contact with its button.
 */
export function SafetySettings() {
  const settings = useSettingsForEditing();
  const update = useUpdateMemberSettings({ failureTitle: SAFETY_SETTINGS_SAVE_FAILED });
  if (settings.isPending) return <Spinner label="Loading your safety settings..." />;
  if (settings.isError) {
    return (
      <LoadErrorPanel
        title={SETTINGS_LOAD_FAILED}
        message={errorMessage(settings.error)}
        onRetry={() => settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  const save = (patch: MemberSettingsPatch) =>
    update.mutate(patch, {
      onSuccess: () => toast.success(SAFETY_SETTINGS_SAVED, { description: SAFETY_SETTINGS_SAVED_TEXT }),
    });
  const values = settings.data;
  return (
    <div className="page-columns">
      <TitledCard Icon={ShieldCheck} title="Safety & Privacy">
        <ProfileVisibilityPicker
          value={values.profile_visibility}
          onChange={(profile_visibility) => save({ profile_visibility })}
        />
        <div className="flex flex-col divide-y divide-border border-border border-t">
          {SAFETY_SWITCHES.map((field) => (
            <SettingSwitchRow
              key={field}
              {...SETTING_TEXTS[field]}
              checked={values[field]}
              onCheckedChange={(checked) => save({ [field]: checked })}
            />
          ))}
        </div>
      </TitledCard>
      <EmergencyContactCard saved={values} />
    </div>
  );
}

/** The emergency contact, saved with its own button (the fields are text, not switches). */
function EmergencyContactCard({ saved }: { saved: MemberSettings }) {
  const stored = emergencyContactOf(saved);
  const [contact, setContact] = useState<EmergencyContact>(stored);
  const [problems, setProblems] = useState<EmergencyContactProblems>({});
  const update = useUpdateMemberSettings({ failureTitle: SAFETY_SETTINGS_SAVE_FAILED });
  // A contact saved elsewhere (the Settings page) shows here while nothing is being typed.
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited) setContact({ name: stored.name, phone: stored.phone, email: stored.email });
  }, [edited, stored.name, stored.phone, stored.email]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmergencyContact(contact);
    setProblems(checked.problems ?? {});
    if (!checked.patch) return;
    update.mutate(checked.patch, {
      onSuccess: (settings) => {
        setEdited(false);
        setContact(emergencyContactOf(settings));
        toast.success(SAFETY_SETTINGS_SAVED, { description: SAFETY_SETTINGS_SAVED_TEXT });
      },
      onError: (error) => setProblems(contactProblemsOf(fieldProblems(error))),
    });
  }

  return (
    <TitledCard Icon={Phone} title="Emergency Contact">
      <form noValidate onSubmit={submit} aria-label="Emergency Contact" className="flex flex-col gap-4">
        <EmergencyContactFields
          value={contact}
          onChange={(next) => {
            setEdited(true);
            setContact(next);
          }}
          problems={problems}
          legendHidden
        />
        <Button
          type="submit"
          variant="outline"
          className="self-start"
          aria-disabled={update.isPending || undefined}
        >
          Save Contact
        </Button>
      </form>
    </TitledCard>
  );
}
