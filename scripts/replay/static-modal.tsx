/**
 * reactstrap's Modal draws through a portal after mounting, so a server render leaves open
 * dialogs out. For replays only, `Modal` is swapped for this static one: the same Bootstrap
 * markup a shown modal has, in place, so the HTML and the screenshot show the open dialog.
 */
import type { ReactNode } from 'react';

export interface StaticModalProps {
  isOpen?: boolean;
  centered?: boolean;
  size?: string;
  className?: string;
  labelledBy?: string;
  children?: ReactNode;
}

export function StaticModal({ isOpen, centered, size, className, labelledBy, children }: StaticModalProps) {
  if (!isOpen) return null;
  const dialog = ['modal-dialog', centered && 'modal-dialog-centered', size && `modal-${size}`]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <div
        className={['modal fade show d-block', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        <div className={dialog}>
          <div className="modal-content">{children}</div>
        </div>
      </div>
      <div className="modal-backdrop fade show" />
    </>
  );
}
