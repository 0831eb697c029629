/**
 * A modal dialog: titled for assistive technology, closes on Escape, and — for Login
 * and Register — a static backdrop that a click outside does not close. While a submit is busy
 * nothing closes it, so a flow never finishes in a dialog that is gone.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Alert, Button, Modal, ModalFooter, Spinner } from 'reactstrap';
import { UI } from '@shared/messages';
import type { ShownError } from '../../../lib/errors.slice';
import { ErrorMessage } from '../../../components/error-ref';

interface DialogFrameProps {
  title: string;
  onClose: () => void;
  busy?: boolean;
  staticBackdrop?: boolean;
  /** Receives focus once the dialog has opened (else the dialog itself has it). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** After the opening transition: focus the first field, unless the person already moved on. */
function focusUnlessMoved(target: HTMLElement | null | undefined) {
  const active = document.activeElement;
  if (!active || active === document.body || active.classList.contains('modal')) target?.focus();
}

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]):not(.btn-close), a[href]';

/**
 * A busy submit disables the button that had focus, and a flow may swap the dialog's step, so
 * focus falls to <body>: behind the modal, where Escape no longer reaches it. When the submit
 * ends, bring focus back to the step's own target or its first control.
 */
function useFocusBackAfterBusy(busy: boolean, titleId: string, initialFocus?: RefObject<HTMLElement | null>) {
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    const active = document.activeElement;
    if (!ended || (active && active !== document.body)) return;
    const content = document.getElementById(titleId)?.closest<HTMLElement>('.modal-content');
    (initialFocus?.current ?? content?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  }, [busy, titleId, initialFocus]);
}

export function DialogFrame({
  title,
  onClose,
  busy = false,
  staticBackdrop,
  initialFocus,
  children,
}: DialogFrameProps) {
  const titleId = useId();
  const close = busy ? undefined : onClose;
  useFocusBackAfterBusy(busy, titleId, initialFocus);
  return (
    <Modal
      isOpen
      centered
      keyboard
      toggle={close}
      backdrop={staticBackdrop ? 'static' : true}
      labelledBy={titleId}
      onOpened={() => focusUnlessMoved(initialFocus?.current)}
    >
      <div className="modal-header">
        <h2 id={titleId} className="modal-title h5">
          {title}
        </h2>
        <button type="button" className="btn-close" aria-label="Close" onClick={onClose} disabled={busy} />
      </div>
      {children}
    </Modal>
  );
}

/** The dialog's error, announced (role="alert") and read from the store. */
export function DialogAlert({ error }: { error: ShownError | undefined }) {
  if (!error) return null;
  return (
    <Alert color="danger" fade={false} data-code={error.code}>
      <ErrorMessage error={error}>{error.message}</ErrorMessage>
    </Alert>
  );
}

interface DialogFooterProps {
  busy: boolean;
  /** The submit button's words. */
  submit: string;
  /** The submit waits for more input (a complete code). */
  incomplete?: boolean;
  /** 'Back' to the previous step, on the left. */
  onBack?: () => void;
  /** Or, on the left, a question with a link to the other dialog ('No account yet? Sign up'). */
  other?: { question: string; label: string; open: () => void };
}

/** The dialog's footer: the submit (a spinner while busy) and what else the person may do. */
export function DialogFooter({ busy, submit, incomplete = false, onBack, other }: DialogFooterProps) {
  return (
    <ModalFooter className={onBack || other ? 'justify-content-between' : undefined}>
      {onBack && (
        <Button color="secondary" outline onClick={onBack} disabled={busy}>
          {UI.back}
        </Button>
      )}
      {other && (
        <span>
          {other.question}{' '}
          <Button color="link" className="p-0 align-baseline" onClick={other.open} disabled={busy}>
            {other.label}
          </Button>
        </span>
      )}
      <Button type="submit" color="primary" disabled={busy || incomplete}>
        {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {submit}
      </Button>
    </ModalFooter>
  );
}
