import type { ReactNode } from 'react';

/**
 * A message box: `success` and `info` are polite status messages, `danger` is an alert that screen
 * readers announce at once. `onClose` adds a close button.
 */
export function Alert({
  tone,
  children,
  onClose,
  closeLabel,
}: {
  tone: 'success' | 'danger' | 'info' | 'warning';
  children: ReactNode;
  onClose?: () => void;
  closeLabel?: string;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <div className="alert-body">{children}</div>
      {onClose && (
        <button type="button" className="alert-close" onClick={onClose} aria-label={closeLabel ?? '×'}>
          ×
        </button>
      )}
    </div>
  );
}
