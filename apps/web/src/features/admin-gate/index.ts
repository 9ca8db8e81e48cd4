// Public surface of the admin pages' door: the refusal panels every admin-only page shows.
export { AdminGate } from './components/admin-gate';
