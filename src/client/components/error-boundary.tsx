/**
 * The generic error screen: rendering errors below the boundary are caught, recorded in
 * the store as `{ source: 'render', code: 'RENDER_ERROR' }` (which analytics reports as
 * critical_error) and replaced by 'Something went wrong!' with Refresh Page and Try Again.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MSG, UI } from '@shared/messages';
import { useShownError } from '../lib/shown-error';

const RENDER_ERROR_CODE = 'RENDER_ERROR';
const RENDER_SOURCE = 'render';

interface BoundaryProps {
  children: ReactNode;
  onError(error: unknown, info: ErrorInfo): void;
  onReset(): void;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error, info);
  }

  private readonly retry = () => {
    this.props.onReset();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <ErrorScreen onRetry={this.retry} /> : this.props.children;
  }
}

function ErrorScreen({ onRetry }: { onRetry(): void }) {
  return (
    <main className="container py-5 text-center">
      <h1 className="h2">{MSG.renderError}</h1>
      <p className="text-body-secondary">
        This page stopped working unexpectedly. Reloading usually fixes it; if it keeps happening, quote the code below
        when you contact us.
      </p>
      <p>
        Error code: <code>{RENDER_ERROR_CODE}</code>
      </p>
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-success" onClick={() => window.location.reload()}>
          {UI.refreshPage}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onRetry}>
          {UI.tryAgain}
        </button>
      </div>
    </main>
  );
}

/** The boundary wired to the store; 'Try Again' clears the recorded error and renders again. */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  const { show, clear } = useShownError(RENDER_SOURCE);
  return (
    <Boundary onError={() => show(MSG.renderError, RENDER_ERROR_CODE)} onReset={clear}>
      {children}
    </Boundary>
  );
}
