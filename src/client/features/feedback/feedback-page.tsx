/**
 * /feedback: a 10-row message with a live count/2000, sent trimmed; busy at
 * least 300 ms ('Submitting...', inputs disabled); success clears the message and thanks the
 * person; failure shows the red alert, recorded with its code. Both alerts are dismissible.
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, FormGroup, FormText, Input, Label } from 'reactstrap';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_ROWS } from '@shared/constants';
import { ErrorCode } from '@shared/errors';
import { MSG, UI } from '@shared/messages';
import { validateFeedback } from '@shared/validation';
import { useAppSelector } from '../../app/hooks';
import { useShownError } from '../../lib/shown-error';
import { useFeedbackMutation } from './feedback.api';
import { selectIsLoggedIn } from '../../lib/session';
import { atLeast } from '../../lib/min-busy';
import { ErrorMessage } from '../../components/error-ref';

function FeedbackForm() {
  const [send] = useFeedbackMutation();
  const { error, show, showFailure, clear: dismissError } = useShownError('feedback');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [thanked, setThanked] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    dismissError();
    setThanked(false);
    const invalid = validateFeedback(message);
    if (invalid) return void show(invalid, ErrorCode.VALIDATION_ERROR);
    setBusy(true);
    const result = await atLeast(send({ message: message.trim() }));
    setBusy(false);
    if ('error' in result) return void showFailure(MSG.feedbackFailed, result.error);
    setMessage('');
    setThanked(true);
  };

  return (
    <Form noValidate onSubmit={submit}>
      {thanked && (
        <Alert color="success" toggle={() => setThanked(false)} fade={false}>
          {MSG.feedbackThanks}
        </Alert>
      )}
      {error && (
        <Alert color="danger" toggle={dismissError} fade={false}>
          <ErrorMessage error={error}>{error.message}</ErrorMessage>
        </Alert>
      )}
      <FormGroup>
        <Label for={id}>Your feedback</Label>
        <Input
          id={id}
          type="textarea"
          rows={FEEDBACK_ROWS}
          maxLength={FEEDBACK_MAX_LENGTH}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          disabled={busy}
          aria-describedby={`${id}-count`}
          placeholder="What works well, what is missing, what should we fix?"
        />
        <FormText id={`${id}-count`} className="d-block text-end">
          {message.length}/{FEEDBACK_MAX_LENGTH}
        </FormText>
      </FormGroup>
      <Button type="submit" color="primary" disabled={busy || !message.trim()}>
        {busy ? UI.submitting : UI.submitFeedback}
      </Button>
    </Form>
  );
}

export function FeedbackPage() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <main className="container py-4" style={{ maxWidth: '42rem' }}>
      <h1 className="h3 mb-3">Send us feedback</h1>
      {loggedIn ? (
        <>
          <p>Tell us what to improve, what you miss or what went wrong. We read every message.</p>
          <FeedbackForm />
        </>
      ) : (
        <p>{MSG.feedbackLoggedOut}</p>
      )}
      <p className="text-body-secondary small mt-4 mb-0">
        Feedback is anonymous: we keep only the message and when it arrived, never who sent it.
      </p>
    </main>
  );
}
