import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentMember } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { SETTINGS_LOAD_FAILED, useSettingsForEditing } from '../api/settings-load-failure';
import { AccountManagementSection } from '../components/account-management-section';
import { ChangeEmailSection } from '../components/change-email-section';
import { ChangePasswordSection } from '../components/change-password-section';
import { DiscretionSection } from '../components/discretion-section';
import { GhostModeSection } from '../components/ghost-mode-section';
import { LocationSection } from '../components/location-section';
import { SecuritySection } from '../components/security-section';
import { SettingsForm } from '../components/settings-form';

/**
 * /settings (lazy route module): Advanced Settings (spec part 2 §2). The form's sections and Save
 * Settings first; then what saves as it changes (location, Ghost Mode, Discretion); then the account.
 */
export default function SettingsRoute() {
  const me = useCurrentMember();
  const settings = useSettingsForEditing();
  return (
    <div className="flex flex-col gap-5">
      <h1 className="font-display text-3xl text-foreground">Advanced Settings</h1>
      {settings.isSuccess ? (
        <SettingsForm settings={settings.data} me={me} />
      ) : settings.isError ? (
        <LoadErrorPanel
          title={SETTINGS_LOAD_FAILED}
          message={errorMessage(settings.error)}
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <div role="status" className="page-columns">
          <span className="sr-only">Loading your settings...</span>
          <Skeleton className="h-96 rounded-3xl" />
          <Skeleton className="h-96 rounded-3xl" />
        </div>
      )}
      {/* Two abreast on a wide screen, not two cards stretched to the whole column (decision 043). */}
      <div className="page-columns">
        <LocationSection />
        <div className="flex flex-col gap-5">
          <GhostModeSection />
          <DiscretionSection />
        </div>
      </div>
      <div className="page-columns">
        <AccountManagementSection />
        <ChangePasswordSection />
        <ChangeEmailSection />
      </div>
      <SecuritySection />
    </div>
  );
}
