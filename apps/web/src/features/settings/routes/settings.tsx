import { GhostModeSection } from '../components/ghost-mode-section';
import { LocationSection } from '../components/location-section';

/** /settings (lazy route module): Advanced Settings; location is its first section. */
export default function SettingsRoute() {
  return (
    <div className="flex flex-col gap-5">
      <h1 className="font-display text-3xl text-foreground">Advanced Settings</h1>
      {/* Two abreast on a wide screen, not two cards stretched to the whole column (decision 043). */}
      <div className="page-columns">
        <LocationSection />
        <GhostModeSection />
      </div>
    </div>
  );
}
