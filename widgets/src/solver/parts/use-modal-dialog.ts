import { useCallback, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * Drives a native `<dialog>` from an `open` prop with `showModal()` (top layer, focus kept inside,
 * Escape closes) and reports every closing the parent did not ask for (a button, Escape, the
 * backdrop) through `onClose` once, with the dialog's return value ('' unless `close(value)` said).
 * After opening, an element marked `data-autofocus` inside the dialog gets the focus.
 */
export function useModalDialog(open: boolean, onClose: (returnValue: string) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.returnValue = '';
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Closing a dialog that is still open in the DOM (React unmounts it) needs no report.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  /** For the dialog's `onClose`: reports a closing the parent has not asked for. */
  const handleClose = useCallback(() => {
    // A close event that arrives after the dialog was opened again is stale.
    if (ref.current?.open) return;
    if (openRef.current) {
      openRef.current = false;
      onCloseRef.current(ref.current?.returnValue ?? '');
    }
  }, []);

  /** For the dialog's `onClick`: a click on the backdrop (outside the content box) closes it. */
  const closeOnBackdrop = useCallback((event: MouseEvent<HTMLDialogElement>) => {
    const dialog = event.currentTarget;
    if (event.target !== dialog) return;
    const rect = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= rect.left &&
      event.clientX <= rect.right &&
      event.clientY >= rect.top &&
      event.clientY <= rect.bottom;
    if (!inside) dialog.close();
  }, []);

  /**
   * For the dialog's `onKeyDown`: Escape closes it here rather than through the browser's close
   * request, so it closes the same way for every Escape the dialog receives, and only this dialog.
   */
  const closeOnEscape = useCallback((event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.close();
  }, []);

  return { ref, handleClose, closeOnBackdrop, closeOnEscape };
}
