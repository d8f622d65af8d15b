import { PROBLEM_VARIANTS_MAX, type ProblemDraft, type ProblemVariantsAnswer } from '@kib/core';
import { useMutation } from '@tanstack/react-query';
import { MathText } from '@kib/widgets';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../app/api';
import { useT, type Translate } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';
import { CREATOR_TOOL, useSaveProblem } from './creator-data';
import { createCreatorDraftStore, draftStorageName, hasStoredDraft } from './creator-draft.store';

/** Asks for variants of a saved problem (POST problems/{id}/variants/). */
function useProblemVariants() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ problemId, count }: { problemId: number; count: number }) =>
      api.endpoints.problemVariants({
        params: { id: String(problemId) },
        body: { count },
      }) as Promise<ProblemVariantsAnswer>,
  });
}

function itemName(item: { numeral: number; step: number | null }, t: Translate): string {
  return item.step === null
    ? t('creator-variants.item-numeral', { numeral: item.numeral })
    : t('creator-variants.item-step', { numeral: item.numeral, step: item.step });
}

/**
 * 'Make variants' (issue 16, item 1): variants of the saved problem with new numbers, each answer
 * recomputed and checked on the server. Each variant opens in the creation tool as a new problem
 * (the new-problem draft kept on this device, after asking before replacing unsaved work there) or
 * is saved at once as an unpublished draft.
 */
export function ProblemVariants({
  problemId,
  announce,
}: {
  problemId: number;
  announce: (text: string) => void;
}) {
  const t = useT();
  const headingId = useId();
  const navigate = useNavigate();
  const make = useProblemVariants();
  const save = useSaveProblem();
  const [count, setCount] = useState(5);
  const [saved, setSaved] = useState<Record<number, number>>({});
  const [saving, setSaving] = useState<number | null>(null);
  const listRef = useRef<HTMLHeadingElement>(null);
  const id = (name: string) => `${headingId}-${name}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved({});
    make.mutate(
      { problemId, count },
      {
        onSuccess: (answer) => {
          announce(t('creator-variants.made', { count: answer.variants.length }));
        },
      },
    );
  };

  const open = (variant: ProblemDraft) => {
    const storage = draftStorageName(null);
    if (hasStoredDraft(storage) && !window.confirm(t('creator-variants.replace-confirm'))) return;
    // The new-problem tool starts from the draft kept on this device: the variant, unsaved.
    const store = createCreatorDraftStore({ ...variant, id: null }, storage);
    store.getState().loadGenerated({ ...variant, id: null });
    void navigate(CREATOR_TOOL);
  };

  const saveVariant = (index: number, variant: ProblemDraft) => {
    setSaving(index);
    save.mutate(
      { state: { ...variant, id: null, publishProblem: false }, userType: 'creator', files: [] },
      {
        onSuccess: (answer) => {
          setSaved((s) => ({ ...s, [index]: answer.problemId }));
          announce(t('creator-variants.saved'));
        },
        onSettled: () => setSaving(null),
      },
    );
  };

  const answer = make.data;
  // The list replaces the form's place in the reading order: focus moves to its heading once shown.
  useEffect(() => {
    if (answer) listRef.current?.focus();
  }, [answer]);
  return (
    <section className="card modules-section creator-variants" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('creator-variants.title')}</h2>
      <p className="modules-hint">{t('creator-variants.lead')}</p>
      <form onSubmit={submit} aria-busy={make.isPending || undefined}>
        <div className="field">
          <label htmlFor={id('count')}>{t('creator-variants.count')}</label>
          <input
            id={id('count')}
            type="number"
            min={1}
            max={PROBLEM_VARIANTS_MAX}
            step={1}
            required
            value={count}
            aria-describedby={id('count-hint')}
            onChange={(e) => setCount(e.target.valueAsNumber)}
          />
          <div id={id('count-hint')} className="field-hint">
            {t('creator-variants.count-hint')}
          </div>
        </div>
        <button type="submit" className="button button-primary" disabled={make.isPending}>
          {make.isPending && <Spinner label={t('creator-variants.making')} />}
          {t('creator-variants.make')}
        </button>
      </form>
      {make.isError && (
        <Alert tone="danger">
          <p className="teacher-alert-text">{errorMessage(make.error, t)}</p>
        </Alert>
      )}
      {save.isError && (
        <Alert tone="danger">
          <p className="teacher-alert-text">{errorMessage(save.error, t)}</p>
        </Alert>
      )}
      {answer && (
        <>
          <h3 ref={listRef} tabIndex={-1}>
            {t('creator-variants.list')}
          </h3>
          <p className="modules-hint">{t('creator-variants.made', { count: answer.variants.length })}</p>
          {answer.kept.length > 0 && (
            <p className="modules-hint">
              {t('creator-variants.kept', { items: answer.kept.map((k) => itemName(k, t)).join(', ') })}
            </p>
          )}
          <ol className="creator-variants-list">
            {answer.variants.map((variant, index) => {
              const draft = variant.problem as ProblemDraft;
              const problemSaved = saved[index];
              return (
                <li key={draft.title}>
                  <p>
                    <strong>
                      <MathText text={draft.title} />
                    </strong>
                  </p>
                  <ul>
                    {draft.numerals.map((n) => (
                      <li key={n.key}>
                        <MathText text={n.question} />
                      </li>
                    ))}
                  </ul>
                  <div className="form-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('creator-variants.open-named', { title: draft.title })}
                      onClick={() => open(draft)}
                    >
                      {t('creator-variants.open')}
                    </button>
                    {problemSaved ? (
                      <Link to={`${CREATOR_TOOL}/${problemSaved}`}>{t('creator-variants.saved-link')}</Link>
                    ) : (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={t('creator-variants.save-named', { title: draft.title })}
                        disabled={saving !== null}
                        onClick={() => saveVariant(index, draft)}
                      >
                        {saving === index && <Spinner label={t('creator-variants.saving')} />}
                        {t('creator-variants.save')}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
