import { ShieldCheck } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { TitledCard } from '@/components/ui/titled-card';
import { SETTING_TEXTS } from '../setting-texts';
import {
  emergencyContactProblemsIn,
  type FormProblems,
  SAFETY_SWITCHES,
  type SettingsFormValues,
} from '../settings-form';
import { EmergencyContactFields } from './emergency-contact-fields';
import { ProfileVisibilityPicker } from './profile-visibility-picker';
import { SettingSwitchRow } from './setting-switch-row';

/** The Settings page's 'Safety & Privacy': who sees the profile, the privacy switches, the emergency contact. */
export function SafetyPrivacySection({
  form,
  problems,
}: {
  form: UseFormReturn<SettingsFormValues>;
  problems: FormProblems;
}) {
  const { control } = form;
  return (
    <TitledCard Icon={ShieldCheck} title="Safety & Privacy">
      <Controller
        control={control}
        name="profile_visibility"
        render={({ field }) => <ProfileVisibilityPicker value={field.value} onChange={field.onChange} />}
      />
      <div className="flex flex-col divide-y divide-border border-border border-y">
        {SAFETY_SWITCHES.map((setting) => (
          <Controller
            key={setting}
            control={control}
            name={setting}
            render={({ field }) => (
              <SettingSwitchRow
                {...SETTING_TEXTS[setting]}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        ))}
      </div>
      <Controller
        control={control}
        name="emergency_contact"
        render={({ field }) => (
          <EmergencyContactFields
            value={field.value}
            onChange={field.onChange}
            problems={emergencyContactProblemsIn(problems)}
          />
        )}
      />
    </TitledCard>
  );
}
