import { DEFAULT_MEMBER_SETTINGS } from '@royal/shared';
import { SlidersHorizontal } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { SETTINGS_LOAD_FAILED, useSettingsForEditing } from '../api/settings-load-failure';
import { useUpdateMemberSettings } from '../api/update-member-settings';
import { useGhostModeSwitch } from '../api/use-ghost-mode-switch';
import { SETTING_TEXTS, type SwitchSetting } from '../setting-texts';
import { SettingSwitchRow } from './setting-switch-row';

/** The dialog's switches after Ghost Mode, in the spec's order (part 2 §2, More menu). */
const DIALOG_SWITCHES = [
  'incognito_mode',
  'location_sharing',
  'push_notifications',
  'message_notifications',
  'party_invites',
  'read_receipts',
  'show_online_status',
] as const satisfies readonly SwitchSetting[];

/**
 * The More menu's Settings dialog: each switch saves at once to the member's one set of settings,
 * so the Settings page, the Safety Center and the top bar's panel show the change too.
 */
export function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const settings = useSettingsForEditing();
  const update = useUpdateMemberSettings({ failureTitle: 'Failed to save settings' });
  const ghostMode = useGhostModeSwitch();
  const values = settings.data ?? DEFAULT_MEMBER_SETTINGS;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent className="w-[min(30rem,calc(100vw-1.5rem))] text-left">
        <ModalHeader title="Settings" description="Each change is saved as you make it." />
        {settings.isError ? (
          <LoadErrorPanel
            className="mt-4"
            title={SETTINGS_LOAD_FAILED}
            message={errorMessage(settings.error)}
            onRetry={() => settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          <div className="mt-3 flex flex-col divide-y divide-border">
            <SettingSwitchRow
              {...SETTING_TEXTS.ghost_mode}
              reason={ghostMode.reason}
              checked={ghostMode.checked}
              disabled={ghostMode.disabled}
              onCheckedChange={ghostMode.onCheckedChange}
            />
            {DIALOG_SWITCHES.map((field) => (
              <SettingSwitchRow
                key={field}
                {...SETTING_TEXTS[field]}
                checked={values[field]}
                disabled={!settings.isSuccess}
                onCheckedChange={(checked) => update.mutate({ [field]: checked })}
              />
            ))}
          </div>
        )}
        <Link
          to={paths.settings}
          className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-full px-1 font-semibold text-primary text-sm underline-offset-4 hover:underline dark:text-gold-300"
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          All settings, dating preferences and your account
        </Link>
      </ModalContent>
    </Dialog.Root>
  );
}
