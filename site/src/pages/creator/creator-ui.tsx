import type { DeleteProblemAnswer } from '@kib/core';
import { MathText } from '@kib/widgets';
import { useT } from '../../i18n/language';

/** What deleting a problem did, and to which problem. */
export interface DeleteOutcome {
  outcome: DeleteProblemAnswer['outcome'];
  title: string;
}

/** Says what deleting a problem did: it went, or it was kept unpublished because modules or results hold it. */
export function DeleteOutcomeText({ outcome }: { outcome: DeleteOutcome }) {
  const t = useT();
  return (
    <p className="teacher-alert-text">
      <strong>
        <MathText text={outcome.title} />
      </strong>{' '}
      {t(outcome.outcome === 'deleted' ? 'creator.deleted' : 'creator.unpublished-instead')}
    </p>
  );
}
