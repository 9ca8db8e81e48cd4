import { Tabs } from 'radix-ui';
import { PhotoAppeals } from '@/features/photos';
import { BlockedMembers } from '../components/blocked-members';
import { SafeLocations } from '../components/safe-locations';
import { SafetySettings } from '../components/safety-settings';

const TRIGGER =
  'inline-flex min-h-11 cursor-pointer items-center justify-center border-b-2 px-3 text-center sm:whitespace-nowrap border-transparent font-semibold text-muted-foreground text-sm transition hover:text-foreground data-[state=active]:border-gold-400 data-[state=active]:text-foreground';

/**
 * /safety (lazy route module): the Safety and Privacy Center, with the spec's tabs in its order
 * (Safety Settings, Safe Locations, Photo Appeals) and Blocked Members; it opens on Safe Locations.
 */
export default function SafetyRoute() {
  return (
    // The member column's width like every member page (decision 043): the tabs' cards sit two
    // abreast from sm, three from xl.
    <div className="flex flex-col gap-5">
      <h1 className="font-display text-3xl text-foreground">Safety and Privacy Center</h1>
      <Tabs.Root defaultValue="locations">
        <Tabs.List
          aria-label="Safety Center sections"
          // On a phone the four tabs would not fit in a row (the last one scrolled out of sight), so
          // they sit two by two; from sm, one row.
          className="grid grid-cols-2 gap-x-1 border-border border-b sm:flex sm:gap-1"
        >
          <Tabs.Trigger value="settings" className={TRIGGER}>
            Safety Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="locations" className={TRIGGER}>
            Safe Locations
          </Tabs.Trigger>
          <Tabs.Trigger value="appeals" className={TRIGGER}>
            Photo Appeals
          </Tabs.Trigger>
          <Tabs.Trigger value="blocked" className={TRIGGER}>
            Blocked Members
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="settings" className="pt-5 focus:outline-none">
          <SafetySettings />
        </Tabs.Content>
        <Tabs.Content value="locations" className="pt-5 focus:outline-none">
          <SafeLocations />
        </Tabs.Content>
        <Tabs.Content value="appeals" className="pt-5 focus:outline-none">
          <PhotoAppeals />
        </Tabs.Content>
        <Tabs.Content value="blocked" className="pt-5 focus:outline-none">
          <BlockedMembers />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
