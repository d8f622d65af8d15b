import { ApiBackend, MathText, Solver, type SolverBackend } from '@kib/widgets';
import { useMemo, useRef, type FocusEvent, type Key, type ReactNode } from 'react';
import { useApi } from '../../../app/api';
import { useMediaAddresses } from '../../../app/public-config';
import { useLanguage, useT } from '../../../i18n/language';
import { Alert } from '../../../ui/alert';
import { errorMessage } from '../../../ui/error-message';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useProblem } from './module-data';

/** The problem a dialog shows: its id and title (shown while the rest loads). */
export interface ShownProblem {
  id: number;
  title: string;
}

/**
 * A problem's statement in a dialog (the builder's Preview): its title, description and questions,
 * their `$…$` math rendered as MathML, never as HTML.
 */
export function PreviewDialog({ problem, onClose }: { problem: ShownProblem | null; onClose: () => void }) {
  const t = useT();
  const shown = useProblem(problem?.id ?? null);
  return (
    <Modal
      open={problem !== null}
      className="modules-dialog-wide"
      title={
        problem ? (
          <>
            {t('teacher-modules.preview-title')} <MathText text={problem.title} />
          </>
        ) : (
          ''
        )
      }
      closeLabel={t('site.close')}
      onClose={onClose}
    >
      {!problem ? null : shown.isError ? (
        <Alert tone="danger">
          {t('teacher-modules.problem-failed')} {errorMessage(shown.error, t)}
        </Alert>
      ) : !shown.data ? (
        <Spinner label={t('teacher-modules.problem-loading')} />
      ) : (
        <div className="modules-preview">
          {shown.data.description && (
            <p className="modules-preview-description">
              <MathText text={shown.data.description} />
            </p>
          )}
          {shown.data.numerals.length === 0 ? (
            <p>{t('teacher-modules.preview-no-questions')}</p>
          ) : (
            <ol className="modules-preview-questions" aria-label={t('teacher-modules.preview-questions')}>
              {shown.data.numerals.map((numeral) => (
                <li key={numeral.id}>
                  <MathText text={numeral.question} />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Modal>
  );
}

/**
 * The real solver in a dialog, open while `title` is not null and there is a backend. The math
 * keyboard opens inside the dialog, the only part of the page that is not inert while it is open.
 */
export function SolverDialog({
  title,
  backend,
  hint,
  solverKey,
  onClose,
}: {
  title: ReactNode | null;
  backend: SolverBackend | null;
  /** A line shown above the solver. */
  hint?: ReactNode;
  /** A new key gives a new solver (another problem). */
  solverKey?: Key;
  onClose: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const media = useMediaAddresses();
  const keyboardIn = useRef<HTMLDialogElement | null>(null);

  // MathLive loads with the first math field, so the keyboard moves into the dialog once one takes focus.
  const moveKeyboardIn = (event: FocusEvent<HTMLDivElement>) => {
    const keyboard = window.mathVirtualKeyboard;
    const dialog = event.currentTarget.closest('dialog');
    if (!keyboard || !dialog || keyboardIn.current === dialog) return;
    keyboard.container = dialog;
    keyboardIn.current = dialog;
  };
  const close = () => {
    const keyboard = window.mathVirtualKeyboard;
    if (keyboard && keyboardIn.current) {
      keyboard.hide();
      keyboard.container = document.body;
      keyboardIn.current = null;
    }
    onClose();
  };

  return (
    <Modal
      open={title !== null}
      className="modules-dialog-wide modules-dialog-solver"
      describeBody={false}
      title={title ?? ''}
      closeLabel={t('site.close')}
      onClose={close}
    >
      {title !== null && backend ? (
        <div className="modules-try" onFocus={moveKeyboardIn}>
          {hint}
          <Solver
            key={solverKey}
            backend={backend}
            lang={language}
            pictureBaseUrl={media.pictureBaseUrl}
            videoBaseUrl={media.videoBaseUrl}
          />
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * The real solver on a problem, in a dialog (the builder's Try): the teacher solves it as a student
 * would, checked by the server, and nothing is recorded (the answers go as after a deadline, so the
 * teacher's tries never count as results).
 */
export function TryDialog({ problem, onClose }: { problem: ShownProblem | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const problemId = problem?.id ?? null;
  const backend = useMemo(
    () => (problemId === null ? null : new ApiBackend(api, problemId, { deadlinePassed: true })),
    [api, problemId],
  );
  return (
    <SolverDialog
      title={
        problem ? (
          <>
            {t('teacher-modules.try-title')} <MathText text={problem.title} />
          </>
        ) : null
      }
      backend={backend}
      solverKey={problem?.id}
      onClose={onClose}
    />
  );
}
