import { ComplianceGate } from '../components/compliance-gate';

// Route module (the member area's wrapping element), lazy-loaded by the app router: its own chunk,
// which signed-out pages never load.
export default ComplianceGate;
