import type { Language } from '@kib/i18n';
import { useId } from 'react';
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

function ThumbsUp({ label }: { label: string }) {
  return (
    <span className="kib-result-dialog__emoji" role="img" aria-label={label}>
      👍
    </span>
  );
}

/**
 * The finish dialog (spec 01 §4): shown when every numeral is correct, with a congratulation, a
 * thumbs-up and a close button. A native modal dialog.
 */
export function FinishDialog({ open, onClose, lang }: FinishDialogProps) {
  const t = useT(lang);
  const titleId = useId();
  const textId = useId();
  const { ref, handleClose, closeOnEscape } = useModalDialog(open, onClose);
  return (
    <div className="kib-root kib-result-dialog">
      <WidgetStyles css={dialogCss + css} />
      <dialog
        ref={ref}
        className="kib-dialog kib-result-dialog__dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClose={handleClose}
        onKeyDown={closeOnEscape}
      >
        <div className="kib-dialog__body kib-result-dialog__body">
          <ThumbsUp label={t('solver.parts.thumbs-up')} />
          <h2 id={titleId} className="kib-dialog__title">
            {t('solver.parts.finish-title')}
          </h2>
          <p id={textId}>{t('solver.parts.finish-text')}</p>
        </div>
        <div className="kib-dialog__actions">
          <button
            type="button"
            className="kib-button kib-button--primary"
            data-autofocus
            onClick={() => ref.current?.close()}
          >
            {t('solver.parts.close')}
          </button>
        </div>
      </dialog>
    </div>
  );
}

/**
 * The 'next question' dialog (spec 01 §4): shown when this numeral is done but others are not,
 * offering to go to the next question (focused first) or to stay.
 */
export function NextQuestionDialog({ open, onNext, onStay, lang }: NextQuestionDialogProps) {
  const t = useT(lang);
  const titleId = useId();
  const textId = useId();
  const { ref, handleClose, closeOnEscape } = useModalDialog(open, (returnValue) =>
    returnValue === NEXT ? onNext() : onStay(),
  );
  return (
    <div className="kib-root kib-result-dialog">
      <WidgetStyles css={dialogCss + css} />
      <dialog
        ref={ref}
        className="kib-dialog kib-result-dialog__dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClose={handleClose}
        onKeyDown={closeOnEscape}
      >
        <div className="kib-dialog__body kib-result-dialog__body">
          <ThumbsUp label={t('solver.parts.thumbs-up')} />
          <h2 id={titleId} className="kib-dialog__title">
            {t('solver.parts.next-question-title')}
          </h2>
          <p id={textId}>{t('solver.parts.next-question-text')}</p>
        </div>
        <div className="kib-dialog__actions">
          <button type="button" className="kib-button" onClick={() => ref.current?.close()}>
            {t('solver.parts.stay')}
          </button>
          <button
            type="button"
            className="kib-button kib-button--primary"
            data-autofocus
            onClick={() => ref.current?.close(NEXT)}
          >
            {t('solver.parts.go-next')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
