// Public surface of enforcement (issue 37, decision 060): the Users detail's access panel (suspend,
// ban, lift) and the Appeals queue tab, for the admin dashboard to place.
export { EnforcementAppealsTab } from './components/enforcement-appeals-tab';
export { EnforcementPanel } from './components/enforcement-panel';
