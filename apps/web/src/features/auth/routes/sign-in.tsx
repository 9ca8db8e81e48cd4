import { SignInScreen } from '../components/sign-in-screen';

// Route module, lazy-loaded by the app router (its own chunk).
export default SignInScreen;
