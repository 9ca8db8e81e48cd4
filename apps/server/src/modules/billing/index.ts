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
} from './service';
export { endDueSponsorships } from './sponsorship';
