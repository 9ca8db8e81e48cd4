import { VenetianMask } from 'lucide-react';
import { useId } from 'react';
import { TitledCard } from '@/components/ui/titled-card';
import { useMemberSettings } from '../api/member-settings';
import { useUpdateMemberSettings } from '../api/update-member-settings';
import { SETTING_TEXTS } from '../setting-texts';
import { AppFaceSetting } from './app-face-setting';
import { AppPinSetting } from './app-pin-setting';
import { SettingSwitchRow } from './setting-switch-row';

export const QUICK_HIDE_TEXT =
  'Press Esc twice, or the eye button in the top bar, and an ordinary reading list takes the place of the screen at once. You stay signed in: tap Done on that page to come back (after your PIN, if you set one).';

/**
 * Settings → Discretion (issue 40): the app PIN and the app's face (this device's), photos blurred
 * until tapped (the member's setting), and how quick-hide works. Each saves as it changes.
 */
export function DiscretionSection() {
  const settings = useMemberSettings();
  const update = useUpdateMemberSettings({ failureTitle: 'Failed to save settings' });
  const quickHideId = useId();
  return (
    <TitledCard Icon={VenetianMask} title="Discretion">
      <AppPinSetting />
      <div className="border-border border-t pt-3">
        <AppFaceSetting />
      </div>
      <SettingSwitchRow
        {...SETTING_TEXTS.blur_photos}
        className="border-border border-t pt-3"
        checked={settings.data?.blur_photos ?? false}
        disabled={!settings.isSuccess}
        onCheckedChange={(blur_photos) => update.mutate({ blur_photos })}
      />
      <section aria-labelledby={quickHideId} className="flex flex-col gap-1 border-border border-t pt-3">
        <h3 id={quickHideId} className="font-semibold text-foreground text-sm">
          Quick hide
        </h3>
        <p className="max-w-measure text-muted-foreground text-xs">{QUICK_HIDE_TEXT}</p>
      </section>
    </TitledCard>
  );
}
