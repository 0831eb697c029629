/**
 * The error reference (docs/qa-replay.md, "From a reference to the log line"): an error the
 * server answered shows its request id under the unchanged message, in small type and selected
 * whole for copying; it is kept with the error in the store (so the action log has it); errors
 * the server never answered show none.
 */
import { screen } from '@testing-library/react';
import { parseErrorBody } from '../../../src/shared/errors';
import { FeedbackPage } from '../../../src/client/features/feedback/feedback-page';
import { ValuePage } from '../../../src/client/features/tools/value-page';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn } from '../dashboard/dashboard-support';

let http: MockApi | undefined;
afterEach(() => http?.restore());

const failure = (status: number, code: string, requestId?: string) => ({
  status,
  body: { error: { code, description: 'refused', type: status >= 500 ? 'server' : 'validation', requestId } },
});

describe('error reference', () => {
  it('shows "Ref <id>" under a failed mutation\'s message and records it with the error', async () => {
    http = mockApi().on('POST /api/users/feedback', failure(429, 'RATE_LIMIT_EXCEEDED', '8F3K2QX7MA'));
    const { user, store } = renderWithProviders(<FeedbackPage />, { preloadedState: loggedIn() });
    await user.type(screen.getByLabelText('Your feedback'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to submit feedback\. Please try again\.Ref 8F3K2QX7MA$/);
    const ref = screen.getByText('8F3K2QX7MA');
    expect(ref).toHaveClass('user-select-all');
    expect(ref.closest('small')).toHaveTextContent('Ref 8F3K2QX7MA');
    expect(selectErrorFor(store.getState(), 'feedback')).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Failed to submit feedback. Please try again.',
      ref: '8F3K2QX7MA',
    });
    const shown = store.actionLog!.entries().find((entry) => entry.type === 'errors/errorShown');
    expect(shown?.payload).toMatchObject({ source: 'feedback', ref: '8F3K2QX7MA' });
  });

  it('shows the reference of a failed query under its message', async () => {
    http = mockApi().on('GET /api/odds/value', failure(500, 'INTERNAL_ERROR', 'Q1W2E3R4T5'));
    const { store } = renderWithProviders(<ValuePage pollingIntervalMs={0} />, {
      preloadedState: loggedIn(),
      route: '/tools/value',
    });
    expect(await screen.findByText('Q1W2E3R4T5')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ref Q1W2E3R4T5');
    expect(selectErrorFor(store.getState(), 'value')).toMatchObject({ code: 'INTERNAL_ERROR', ref: 'Q1W2E3R4T5' });
  });

  it('shows no reference where the server did not answer or sent none', async () => {
    http = mockApi().on('POST /api/users/feedback', failure(400, 'VALIDATION_ERROR'));
    const { user, store } = renderWithProviders(<FeedbackPage />, { preloadedState: loggedIn() });
    await user.type(screen.getByLabelText('Your feedback'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to submit feedback\. Please try again\.$/);
    expect(screen.queryByText(/^Ref /)).not.toBeInTheDocument();
    expect(selectErrorFor(store.getState(), 'feedback')).not.toHaveProperty('ref');
  });

  it('reads only a well-formed request id from an error body', () => {
    const body = (requestId: unknown) => ({ error: { code: 'X', description: 'd', type: 'server', requestId } });
    expect(parseErrorBody(body('8F3K2QX7MA'))?.requestId).toBe('8F3K2QX7MA');
    expect(parseErrorBody(body('<script>'))?.requestId).toBeUndefined();
    expect(parseErrorBody(body(42))?.requestId).toBeUndefined();
    expect(parseErrorBody(body('x'.repeat(129)))?.requestId).toBeUndefined();
  });
});
