/**
 * The six account dialogs, in a chunk of their own that DialogHost loads when the first dialog
 * opens (or once the page is idle). Renders the top dialog of the stack, and only it.
 */
import type { OpenDialog } from '../dialogs.slice';
import { ForgotDialog } from './forgot-dialog';
import { LoginDialog } from './login-dialog';
import { RegisterDialog } from './register-dialog';
import { ResetDialog } from './reset-dialog';
import { VerifyDialog } from './verify-dialog';
import { WelcomeDialog } from './welcome-dialog';

export function DialogStack({ top }: { top: OpenDialog }) {
  switch (top.name) {
    case 'login':
      return <LoginDialog />;
    case 'register':
      return <RegisterDialog />;
    case 'verify':
      return (
        <VerifyDialog
          key={`${top.email}:${top.resendAt}`}
          email={top.email ?? ''}
          context={top.context ?? 'registration'}
          codeSent={top.codeSent}
          resendAt={top.resendAt}
        />
      );
    case 'welcome':
      return <WelcomeDialog />;
    case 'forgot':
      return <ForgotDialog sentTo={top.email} resendAt={top.resendAt} />;
    case 'reset':
      return (
        <ResetDialog
          key={`${top.email}:${top.resendAt}`}
          email={top.email ?? ''}
          codeSent={top.codeSent}
          resendAt={top.resendAt}
        />
      );
    default:
      return null;
  }
}
