import type { Problem } from '@kib/core';
import { MathText, OfflineBackend, Solver } from '@kib/widgets';
import { useMemo, useRef, type FocusEvent } from 'react';
import { useMediaAddresses } from '../../app/public-config';
import { useLanguage, useT } from '../../i18n/language';
import { Modal } from '../../ui/modal';

/**
 * The real solver on the draft as it is now, in a dialog: answers are checked in the browser by the
 * same checker the server uses (the solver's offline backend), and nothing is recorded or kept, not
 * even on this device. The math keyboard opens inside the dialog, the only part of the page that is
 * not inert while it is open.
 */
export function TryDraftDialog({ problem, onClose }: { problem: Problem | null; onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const media = useMediaAddresses();
  const backend = useMemo(() => (problem ? new OfflineBackend(problem, null) : null), [problem]);
  const keyboardIn = useRef<HTMLDialogElement | null>(null);

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
      open={problem !== null}
      className="modules-dialog-wide modules-dialog-solver"
      describeBody={false}
      title={
        problem ? (
          <>
            {t('creator.try-title')} <MathText text={problem.title} />
          </>
        ) : (
          ''
        )
      }
      closeLabel={t('site.close')}
      onClose={close}
    >
      {problem && backend ? (
        <div className="modules-try" onFocus={moveKeyboardIn}>
          <p className="modules-hint">{t('creator.try-nothing-recorded')}</p>
          <Solver
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
