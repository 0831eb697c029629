import type { ReactNode } from 'react';

interface StatusAlertProps {
  color: 'danger' | 'info' | 'warning' | 'success';
  className?: string;
  children: ReactNode;
}

/**
 * Bootstrap's alert (same classes, `role="alert"`) for the dashboard's states. Reactstrap's Alert
 * brings its fade transition (react-transition-group) with it, which the dashboard's first load
 * would otherwise carry for alerts it shows without fading.
 */
export function StatusAlert({ color, className, children }: StatusAlertProps) {
  return (
    <div className={className ? `alert alert-${color} ${className}` : `alert alert-${color}`} role="alert">
      {children}
    </div>
  );
}
