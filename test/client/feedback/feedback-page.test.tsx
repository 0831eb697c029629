import { screen, waitFor } from '@testing-library/react';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { FeedbackPage } from '../../../src/client/features/feedback/feedback-page';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn } from '../account/tokens';

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => http.restore());

const textarea = () => screen.getByLabelText('Your feedback');
const submit = () => screen.getByRole('button', { name: /Submit Feedback|Submitting\.\.\./ });
const render = () => renderWithProviders(<FeedbackPage />, { preloadedState: loggedIn() });

describe('/feedback', () => {
  it('asks a logged-out person to log in', () => {
    renderWithProviders(<FeedbackPage />);
    expect(screen.getByText('Please log in to submit feedback.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText(/Feedback is anonymous/)).toBeInTheDocument();
  });

  it('has a 10-row message with a live count/2000, submit disabled while blank', async () => {
    const { user } = render();
    expect(textarea()).toHaveAttribute('rows', '10');
    expect(textarea()).toHaveAttribute('maxlength', '2000');
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(textarea(), '   ');
    expect(screen.getByText('3/2000')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(textarea(), 'Great');
    expect(screen.getByText('8/2000')).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(screen.getByText(/Feedback is anonymous/)).toBeInTheDocument();
  });

  it('sends the trimmed message, shows Submitting... at least 300 ms, then thanks and clears', async () => {
    http.on('POST /api/users/feedback', { status: 201, body: { data: {} } });
    const { user } = render();
    await user.type(textarea(), '  More leagues please  ');
    const started = Date.now();
    await user.click(submit());
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(textarea()).toBeDisabled();
    expect(
      await screen.findByText('Thank you for your feedback! It helps us make OddsMate better.'),
    ).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(http.requests[0]?.body).toEqual({ message: 'More leagues please' });
    expect(textarea()).toHaveValue('');
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/Thank you for your feedback/)).not.toBeInTheDocument();
  });

  it('shows the red failure alert, recorded with its code, and lets it be dismissed', async () => {
    http.on('POST /api/users/feedback', {
      status: 429,
      body: { error: { code: 'RATE_LIMIT_EXCEEDED', description: 'Too many', type: 'rate_limit' } },
    });
    const { user, store } = render();
    await user.type(textarea(), 'Hello');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to submit feedback. Please try again.');
    expect(alert).toHaveClass('alert-danger');
    expect(selectErrorFor(store.getState(), 'feedback')).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Failed to submit feedback. Please try again.',
    });
    expect(textarea()).toHaveValue('Hello');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(selectErrorFor(store.getState(), 'feedback')).toBeUndefined();
  });
});
