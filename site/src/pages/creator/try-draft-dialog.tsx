import type { Problem } from '@kib/core';
import { MathText, OfflineBackend } from '@kib/widgets';
import { useMemo } from 'react';
import { useT } from '../../i18n/language';
import { SolverDialog } from '../teacher/modules/problem-dialogs';

/**
 * The real solver on the draft as it is now, in a dialog: answers are checked in the browser by the
 * same checker the server uses (the solver's offline backend), and nothing is recorded or kept, not
 * even on this device.
 */
export function TryDraftDialog({ problem, onClose }: { problem: Problem | null; onClose: () => void }) {
  const t = useT();
  const backend = useMemo(() => (problem ? new OfflineBackend(problem, null) : null), [problem]);
  return (
    <SolverDialog
      title={
        problem ? (
          <>
            {t('creator.try-title')} <MathText text={problem.title} />
          </>
        ) : null
      }
      backend={backend}
      hint={<p className="modules-hint">{t('creator.try-nothing-recorded')}</p>}
      onClose={onClose}
    />
  );
}
