/**
 * Mounts the top dialog of the stack, and only it (ARCHITECTURE §8). The shell renders it once
 * in the layout; anything opens a dialog by dispatching `dialogOpened`.
 */
import { useAppSelector } from '../../app/hooks';
import { selectTopDialog } from './dialogs.slice';
import { ForgotDialog } from './forgot-dialog';
import { LoginDialog } from './login-dialog';
import { RegisterDialog } from './register-dialog';
import { ResetDialog } from './reset-dialog';
import { VerifyDialog } from './verify-dialog';
import { WelcomeDialog } from './welcome-dialog';

export function DialogHost() {
  const top = useAppSelector(selectTopDialog);
  switch (top?.name) {
    case 'login':
      return <LoginDialog />;
    case 'register':
      return <RegisterDialog />;
    case 'verify':
      return <VerifyDialog key={top.email} email={top.email ?? ''} context={top.context ?? 'registration'} />;
    case 'welcome':
      return <WelcomeDialog />;
    case 'forgot':
      return <ForgotDialog sentTo={top.email} />;
    case 'reset':
      return <ResetDialog key={top.email} email={top.email ?? ''} />;
    default:
      return null;
  }
}
