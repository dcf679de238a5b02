// What other features may use of pages/: the sign-in form, which the driver's sign-in reuses
// inside its own card. The shell (startup/, screens.tsx, layout/) loads the pages themselves.
export { SignInForm } from './login/SignInForm';
