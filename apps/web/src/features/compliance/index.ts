// Public surface of the compliance feature: the gate (a route element wrapping the member area).
export { ComplianceGate } from './components/compliance-gate';
export { isHeldAtGate, type MemberStep, nextMemberStep } from './next-step';
