// Public surface of the admin Users tab (mounted by the admin dashboard's tab registry).
export { UsersTab } from './components/users-tab';
