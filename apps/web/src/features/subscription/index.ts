// Public surface of the subscription feature; other features import from here only.
export { subscriptionQueryOptions } from './api/subscription';
export { TierManagement } from './components/tier-management';
