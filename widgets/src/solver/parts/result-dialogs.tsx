import type { Language } from '@kib/i18n';
import { useId, type ReactNode } from 'react';
import { useT } from '../../shared/i18n';
import { WidgetStyles } from '../../shared/styles';
import dialogCss from './dialog.css?inline';
import css from './result-dialogs.css?inline';
import { useModalDialog } from './use-modal-dialog';

/** Props of {@link FinishDialog}. */
export interface FinishDialogProps {
  open: boolean;
  /** Called when the student closes it (button or Escape). */
  onClose: () => void;
  /** Interface language; Spanish by default. */
  lang?: Language;
}

/** Props of {@link NextQuestionDialog}. */
export interface NextQuestionDialogProps {
  open: boolean;
  /** Go to the next question (the dialog closes). */
  onNext: () => void;
  /** Stay on this question: the second button, Escape. */
  onStay: () => void;
  /** Interface language; Spanish by default. */
  lang?: Language;
}

const NEXT = 'next';

/** A congratulation as a native modal dialog: thumbs-up, title, text, and the actions given. */
function ResultDialog({
  dialog,
  title,
  text,
  thumbsUp,
  children,
}: {
  dialog: ReturnType<typeof useModalDialog>;
  title: string;
  text: string;
  thumbsUp: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <div className="kib-root kib-result-dialog">
      <WidgetStyles css={dialogCss + css} />
      <dialog
        ref={dialog.ref}
        className="kib-dialog kib-result-dialog__dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClose={dialog.handleClose}
        onKeyDown={dialog.closeOnEscape}
      >
        <div className="kib-dialog__body kib-result-dialog__body">
          <span className="kib-result-dialog__emoji" role="img" aria-label={thumbsUp}>
            👍
          </span>
          <h2 id={titleId} className="kib-dialog__title">
            {title}
          </h2>
          <p id={textId}>{text}</p>
        </div>
        <div className="kib-dialog__actions">{children}</div>
      </dialog>
    </div>
  );
}

/**
 * The finish dialog (spec 01 §4): shown when every numeral is correct, with a congratulation, a
 * thumbs-up and a close button. A native modal dialog.
 */
export function FinishDialog({ open, onClose, lang }: FinishDialogProps) {
  const t = useT(lang);
  const dialog = useModalDialog(open, onClose);
  return (
    <ResultDialog
      dialog={dialog}
      title={t('solver.parts.finish-title')}
      text={t('solver.parts.finish-text')}
      thumbsUp={t('solver.parts.thumbs-up')}
    >
      <button
        type="button"
        className="kib-button kib-button--primary"
        data-autofocus
        onClick={() => dialog.ref.current?.close()}
      >
        {t('solver.parts.close')}
      </button>
    </ResultDialog>
  );
}

/**
 * The 'next question' dialog (spec 01 §4): shown when this numeral is done but others are not,
 * offering to go to the next question (focused first) or to stay.
 */
export function NextQuestionDialog({ open, onNext, onStay, lang }: NextQuestionDialogProps) {
  const t = useT(lang);
  const dialog = useModalDialog(open, (returnValue) => (returnValue === NEXT ? onNext() : onStay()));
  return (
    <ResultDialog
      dialog={dialog}
      title={t('solver.parts.next-question-title')}
      text={t('solver.parts.next-question-text')}
      thumbsUp={t('solver.parts.thumbs-up')}
    >
      <button type="button" className="kib-button" onClick={() => dialog.ref.current?.close()}>
        {t('solver.parts.stay')}
      </button>
      <button
        type="button"
        className="kib-button kib-button--primary"
        data-autofocus
        onClick={() => dialog.ref.current?.close(NEXT)}
      >
        {t('solver.parts.go-next')}
      </button>
    </ResultDialog>
  );
}
