import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { useMemberSettings } from './member-settings';

export const SETTINGS_LOAD_FAILED = 'Failed to load safety settings';

/**
 * The member's settings for a screen that edits them, with the spec's 'Failed to load safety
 * settings' toast when they cannot be read: once per failure, however many parts of the screen ask.
 */
export function useSettingsForEditing() {
  const settings = useMemberSettings();
  const { isError, error, errorUpdatedAt } = settings;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) {
      toast.error(SETTINGS_LOAD_FAILED, { id: SETTINGS_LOAD_FAILED, description: errorMessage(error) });
    }
  }, [isError, error, errorUpdatedAt]);
  return settings;
}
