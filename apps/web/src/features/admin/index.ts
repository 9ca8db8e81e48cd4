// Public surface of the admin feature (its screen is a lazy route module; tabs are listed in ./tabs).
export { ADMIN_TABS, type AdminTab } from './tabs';
