import { BellRing } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { TitledCard } from '@/components/ui/titled-card';
import { SETTING_TEXTS } from '../setting-texts';
import { NOTIFICATION_SWITCHES, type SettingsFormValues } from '../settings-form';
import { SettingSwitchRow } from './setting-switch-row';

/** The Settings page's 'Notifications': which notifications the member is sent. */
export function NotificationsSection({ form }: { form: UseFormReturn<SettingsFormValues> }) {
  return (
    <TitledCard Icon={BellRing} title="Notifications">
      <div className="flex flex-col divide-y divide-border">
        {NOTIFICATION_SWITCHES.map((setting) => (
          <Controller
            key={setting}
            control={form.control}
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
    </TitledCard>
  );
}
