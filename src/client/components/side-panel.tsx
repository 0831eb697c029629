import { type ReactNode, useId } from 'react';
import { Offcanvas, OffcanvasBody, OffcanvasHeader, type OffcanvasProps } from 'reactstrap';

interface SidePanelProps extends Omit<OffcanvasProps, 'toggle' | 'labelledBy' | 'title'> {
  /** The panel's heading, which also names it for assistive technology. */
  title: string;
  isOpen: boolean;
  onClose: () => void;
  headerClassName?: string;
  bodyClassName?: string;
  children: ReactNode;
}

/**
 * A panel that slides in over the page (the account drawer, the notifications, the bet slip):
 * named by its heading, closed by its close button, Escape or a tap outside.
 */
export function SidePanel({ title, onClose, headerClassName, bodyClassName, children, ...offcanvas }: SidePanelProps) {
  const titleId = useId();
  return (
    <Offcanvas toggle={onClose} labelledBy={titleId} {...offcanvas}>
      <OffcanvasHeader toggle={onClose} tag="h2" className={headerClassName}>
        <span id={titleId} className="fs-5">
          {title}
        </span>
      </OffcanvasHeader>
      <OffcanvasBody className={bodyClassName}>{children}</OffcanvasBody>
    </Offcanvas>
  );
}
