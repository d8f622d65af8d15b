import { useId, type ReactNode } from 'react';
import { WidgetStyles } from '../../shared/styles';
import dialogCss from './dialog.css?inline';
import { useModalDialog } from './use-modal-dialog';

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  open: boolean;
  /** Called when the student closes the dialog (the close button, Escape or the backdrop). */
  onClose: (returnValue: string) => void;
  /** The dialog's heading, which also names it. */
  title: string;
  /** The accessible name of the × button. */
  closeLabel: string;
  /** The widget's block class: on the root, and with `__dialog` on the dialog (`kib-video-modal`). */
  block: string;
  /** The widget's own styles, after the dialog's. */
  css: string;
  /** The focus goes to the × button on opening (otherwise to the dialog's first focusable element). */
  focusClose?: boolean;
  /** What follows the header (body, actions, live regions): given how to close and the title's id. */
  children: (dialog: { close: () => void; titleId: string }) => ReactNode;
}

/**
 * The frame of the solver's modal dialogs: a native `<dialog>` opened with `showModal()` from `open`
 * (see useModalDialog), named by its heading, with a × button, closed by Escape and by a click on the
 * backdrop, in the widgets' root and styles.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  closeLabel,
  block,
  css,
  focusClose,
  children,
}: ModalDialogProps) {
  const titleId = useId();
  const { ref, handleClose, closeOnBackdrop, closeOnEscape } = useModalDialog(open, onClose);
  const close = () => ref.current?.close();
  return (
    <div className={`kib-root ${block}`}>
      <WidgetStyles css={dialogCss + css} />
      <dialog
        ref={ref}
        className={`kib-dialog ${block}__dialog`}
        aria-labelledby={titleId}
        onClose={handleClose}
        onKeyDown={closeOnEscape}
        onClick={closeOnBackdrop}
      >
        <div className="kib-dialog__header">
          <h2 id={titleId} className="kib-dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="kib-button kib-dialog__close"
            aria-label={closeLabel}
            data-autofocus={focusClose ? true : undefined}
            onClick={close}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children({ close, titleId })}
      </dialog>
    </div>
  );
}
