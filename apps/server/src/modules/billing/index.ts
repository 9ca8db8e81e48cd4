// The billing module's public surface: plans, boosts, sponsorship.
export { lockedPlanRules } from './member-plan';
export {
  applyBoostPaid,
  applyPlanPaid,
  applySubscriptionRenewed,
  applySubscriptionUpdated,
  BOOST_GRANTS,
  cancelReplacedPlans,
  lapseEndedSubscriptions,
  RENEWAL_GRACE_MS,
} from './service';
export { endDueSponsorships } from './sponsorship';
