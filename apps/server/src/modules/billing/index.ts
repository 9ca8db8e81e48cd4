// The billing module's public surface: plans, boosts, sponsorship.
export { applyBoostPaid, BOOST_GRANTS } from './boost-paid';
export { lapseEndedSubscriptions } from './lapse';
export { lockedPlanRules, type PlanValues, setMemberPlan } from './member-plan';
export { RENEWAL_GRACE_MS } from './plan-access';
export { applySubscriptionRenewed, applySubscriptionUpdated } from './plan-events';
export { applyPlanPaid } from './plan-paid';
export { cancelReplacedPlans } from './replaced-plans';
export { endDueSponsorships } from './sponsorship-expiry';
