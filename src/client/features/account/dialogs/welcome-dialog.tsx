/** Welcome after verification: 'Get Started' goes to /dashboard. */
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { UI } from '@shared/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../lib/session';
import { DialogFrame } from './dialog-frame';
import { takeReturnTo } from '../../../lib/return-to';
import { dialogClosed, dialogsCleared } from '../dialogs.slice';

export function WelcomeDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const start = useRef<HTMLButtonElement>(null);
  const getStarted = () => {
    dispatch(dialogsCleared());
    void navigate(takeReturnTo());
  };
  return (
    <DialogFrame title="Welcome to OddsMate!" onClose={() => dispatch(dialogClosed())} initialFocus={start}>
      <ModalBody>
        <p className="mb-2">{user ? `Your account is ready, ${user.username}.` : 'Your account is ready.'}</p>
        <p className="mb-0">
          Compare the odds of Nigerian bookmakers side by side, spot the best price at a glance and see each
          bookmaker&apos;s margin before you bet.
        </p>
      </ModalBody>
      <ModalFooter>
        <Button color="primary" onClick={getStarted} innerRef={start}>
          {UI.getStarted}
        </Button>
      </ModalFooter>
    </DialogFrame>
  );
}
