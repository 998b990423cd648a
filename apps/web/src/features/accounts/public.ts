// What other features may use of accounts: the signed-in user.
export { useMe } from './hooks';
export { ForgotPasswordPage } from './pages/ForgotPasswordPage';
export { InvitationPage } from './pages/InvitationPage';
export { ResetPasswordPage } from './pages/ResetPasswordPage';
export { SignInPage } from './pages/SignInPage';
export { SignUpPage } from './pages/SignUpPage';
export { AccountMenu } from './components/AccountMenu';
export { NoTeamCard } from './components/NoTeamCard';
