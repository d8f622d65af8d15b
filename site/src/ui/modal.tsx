import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native `<dialog>`: focus moves into it and back, Escape closes it, the page
 * behind is inert. Its buttons are one close button (`closeLabel`), or `actions` instead. `className`
 * adds to its class (a wider dialog); `describeBody={false}` leaves a long or interactive body (a
 * problem to solve) out of the dialog's description, so it is not read out whole on opening. Only
 * its own dialog closing calls `onClose`: React passes a `close` event on to the handlers of every
 * dialog around its target, and a dialog inside the body (the solver's 'Well done!') is not this one.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  closeLabel,
  actions,
  className,
  describeBody = true,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  describeBody?: boolean;
} & ({ closeLabel: string; actions?: undefined } | { actions: ReactNode; closeLabel?: undefined })) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      aria-describedby={describeBody ? bodyId : undefined}
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      <div id={bodyId} className="modal-body">
        {children}
      </div>
      <div className="modal-actions">
        {actions ?? (
          <button type="button" className="button button-primary" onClick={onClose}>
            {closeLabel}
          </button>
        )}
      </div>
    </dialog>
  );
}
