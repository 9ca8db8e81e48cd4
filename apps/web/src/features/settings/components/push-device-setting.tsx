import { BellOff, BellRing, Smartphone } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { usePushDevice } from '../push-device';

export const PUSH_DEVICE_TEXTS = {
  explanation:
    'Get a notification on this device for new matches, messages, date reminders and event changes, even while Royal Circle is closed. It shows who it is from and the first words of a message; with Discreet notifications on, it says only “New activity”.',
  unsupported:
    'This browser cannot show notifications from Royal Circle. On an iPhone or iPad, add Royal Circle to your Home Screen first (Share, then Add to Home Screen), open it from there and turn them on here.',
  denied:
    'Notifications are blocked for Royal Circle in this browser. To allow them again, open the site’s settings (the icon at the left of the address bar), set Notifications to Allow, then reload this page.',
  on: 'On for this device.',
  masterOff: 'Push Notifications above is off: nothing is sent until you turn it on and save.',
} as const;

/**
 * 'Push on this device' in Settings → Notifications: what is sent, then the one button that asks
 * the browser (only when tapped), or why it cannot. Acts at once; it is not part of Save Settings.
 */
export function PushDeviceSetting({ memberId, pushEnabled }: { memberId: string; pushEnabled: boolean }) {
  const device = usePushDevice(memberId);
  const headingId = useId();
  const { state, pending } = device;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface-muted/60 p-3 sm:p-4"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-foreground text-sm">
        <Smartphone aria-hidden="true" className="size-4 text-primary dark:text-gold-300" />
        Push on this device
      </h3>
      <p className="max-w-measure text-muted-foreground text-xs">{PUSH_DEVICE_TEXTS.explanation}</p>
      {state === 'checking' && (
        <p role="status" className="text-muted-foreground text-xs">
          Checking this device…
        </p>
      )}
      {state === 'unsupported' && (
        <p className="max-w-measure font-medium text-foreground text-sm">{PUSH_DEVICE_TEXTS.unsupported}</p>
      )}
      {state === 'denied' && (
        <p className="flex max-w-measure items-start gap-2 font-medium text-foreground text-sm">
          <BellOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {PUSH_DEVICE_TEXTS.denied}
        </p>
      )}
      {state === 'on' && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-2 font-semibold text-emerald-700 text-sm dark:text-emerald-300">
            <BellRing aria-hidden="true" className="size-4" />
            {PUSH_DEVICE_TEXTS.on}
          </p>
          <Button
            type="button"
            variant="outline"
            aria-disabled={pending || undefined}
            onClick={() => !pending && device.turnOff()}
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {pending ? 'Turning off…' : 'Turn off on this device'}
          </Button>
        </div>
      )}
      {state === 'off' && (
        <Button
          type="button"
          aria-disabled={pending || undefined}
          onClick={() => !pending && device.turnOn()}
          className="self-start aria-disabled:cursor-wait aria-disabled:opacity-60"
        >
          <BellRing aria-hidden="true" className="size-4" />
          {pending ? 'Turning on…' : 'Turn on notifications'}
        </Button>
      )}
      {!pushEnabled && (state === 'on' || state === 'off') && (
        <p className="text-muted-foreground text-xs">{PUSH_DEVICE_TEXTS.masterOff}</p>
      )}
    </section>
  );
}
