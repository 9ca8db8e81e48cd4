import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { TitledCard } from '@/components/ui/titled-card';
import { SETTING_TEXTS } from '../setting-texts';
import {
  browserTimeZone,
  type FormProblems,
  NOTIFICATION_SWITCHES,
  type SettingsFormValues,
} from '../settings-form';
import { FIELD_CONTROL, FieldProblem, LabelledField } from './form-field';
import { PushDeviceSetting } from './push-device-setting';
import { SettingSwitchRow } from './setting-switch-row';

/**
 * The Settings page's 'Notifications': which notifications the member is sent (the spec's switches),
 * push on this device, discreet notifications and quiet hours (issue 40). All but the device's push
 * are saved by Save Settings.
 */
export function NotificationsSection({
  form,
  problems,
  memberId,
  savedZone,
}: {
  form: UseFormReturn<SettingsFormValues>;
  problems: FormProblems;
  memberId: string;
  /** The time zone the saved quiet hours are read in. */
  savedZone: string;
}) {
  const { control } = form;
  const [pushEnabled, quietHours] = useWatch({
    control,
    name: ['push_notifications', 'quiet_hours_enabled'],
  });
  return (
    <TitledCard Icon={BellRing} title="Notifications">
      <div className="flex flex-col divide-y divide-border">
        {NOTIFICATION_SWITCHES.map((setting) => (
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
      <PushDeviceSetting memberId={memberId} pushEnabled={pushEnabled} />
      <div className="flex flex-col divide-y divide-border">
        <Controller
          control={control}
          name="discreet_notifications"
          render={({ field }) => (
            <SettingSwitchRow
              {...SETTING_TEXTS.discreet_notifications}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="quiet_hours_enabled"
          render={({ field }) => (
            <SettingSwitchRow
              {...SETTING_TEXTS.quiet_hours_enabled}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
      </div>
      {quietHours && <QuietHoursFields form={form} problems={problems} savedZone={savedZone} />}
    </TitledCard>
  );
}

/** From and To of the quiet hours, in the member's time zone now (saved with them). */
function QuietHoursFields({
  form,
  problems,
  savedZone,
}: {
  form: UseFormReturn<SettingsFormValues>;
  problems: FormProblems;
  savedZone: string;
}) {
  const id = useId();
  const zone = browserTimeZone();
  return (
    <fieldset className="-mt-2 flex flex-col gap-2">
      <legend className="sr-only">Quiet hours</legend>
      <div className="grid grid-cols-2 gap-3">
        <LabelledField id={`${id}-from`} label="From" problem={problems.quiet_hours_start}>
          {(a11y) => (
            <input {...a11y} type="time" className={FIELD_CONTROL} {...form.register('quiet_hours_start')} />
          )}
        </LabelledField>
        <LabelledField id={`${id}-to`} label="To" problem={problems.quiet_hours_end}>
          {(a11y) => (
            <input {...a11y} type="time" className={FIELD_CONTROL} {...form.register('quiet_hours_end')} />
          )}
        </LabelledField>
      </div>
      <p className="text-muted-foreground text-xs">
        {zone ? `In your time zone, ${zone}` : `In ${savedZone} time`}. When To is earlier than From, they run
        overnight.
        {zone && zone !== savedZone && ` They were saved for ${savedZone}; a change you save uses ${zone}.`}
      </p>
      <FieldProblem id={`${id}-zone-problem`} message={problems.quiet_hours_zone} />
    </fieldset>
  );
}
