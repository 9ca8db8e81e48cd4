// Public surface of the admin Events tab (listed in features/admin/tabs.tsx).
export { EventsTab } from './components/events-tab';
