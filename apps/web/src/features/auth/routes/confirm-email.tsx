import { ConfirmEmailScreen } from '../components/recovery-screens';

// Route module, lazy-loaded by the app router (its own chunk).
export default ConfirmEmailScreen;
