import type { ModuleStandards } from '@kib/core';
import { useId, useState } from 'react';
import { useUser } from '../../../auth/auth';
import { useLanguage, useT } from '../../../i18n/language';
import { Alert } from '../../../ui/alert';
import { errorMessage } from '../../../ui/error-message';
import { Spinner } from '../../../ui/spinner';
import { standardName, useGradeContent, useModuleStandards, useSetModuleStandards } from './competences-data';
import { useCompetences } from './competences.store';
import { useModuleDraft } from './module-draft.store';
import { HiddenName } from './modules-ui';

/** The groups that assign modules to learning standards and skills (spec 02 §6). */
const ASSIGNERS = ['Creators', 'Supervisors'];

const idsOf = (assigned: ModuleStandards) => ({
  learningStandardIds: assigned.learningStandards.map((s) => s.id),
  skillIds: assigned.skills.map((s) => s.id),
});

/**
 * The creator's "assign to learning standard / skill" section of the module builder (spec 02 "Module
 * builder"): the module's assignments, each with Remove, and buttons that assign it to the standard or
 * skill chosen in the Competencias search. Saved at once (PUT modules/{id}/learning-standards/), so the
 * module must be saved first. Creators and supervisors only; teachers do not see it.
 */
export function StandardAssignment() {
  const user = useUser();
  if (!user?.groups.some((g) => ASSIGNERS.includes(g))) return null;
  return <StandardAssignmentSection />;
}

function StandardAssignmentSection() {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  const moduleId = useModuleDraft((s) => s.moduleId);
  const assigned = useModuleStandards(moduleId);
  const save = useSetModuleStandards(moduleId);
  const { gradeId, standardId, skillId } = useCompetences();
  const content = useGradeContent(gradeId);
  const [status, setStatus] = useState('');

  const chosenStandard = content.data?.learningStandards.find((s) => s.id === standardId) ?? null;
  const chosenSkill = content.data?.skills.find((s) => s.id === skillId) ?? null;

  const change = (next: { learningStandardIds: number[]; skillIds: number[] }) => {
    setStatus(t('learning-standards.assign-saving'));
    save.mutate(next, {
      onSuccess: () => setStatus(t('learning-standards.assign-saved')),
      onError: () => setStatus(''),
    });
  };

  const assign = () => {
    if (!assigned.data) return;
    const current = idsOf(assigned.data);
    if (chosenSkill) {
      if (current.skillIds.includes(chosenSkill.id))
        return setStatus(t('learning-standards.already-assigned'));
      change({ ...current, skillIds: [...current.skillIds, chosenSkill.id] });
    } else if (chosenStandard) {
      if (current.learningStandardIds.includes(chosenStandard.id))
        return setStatus(t('learning-standards.already-assigned'));
      change({ ...current, learningStandardIds: [...current.learningStandardIds, chosenStandard.id] });
    }
  };

  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('learning-standards.assign-title')}</h2>
      <p className="modules-hint">{t('learning-standards.assign-lead')}</p>
      {moduleId === null ? (
        <p className="modules-hint">{t('learning-standards.assign-save-first')}</p>
      ) : assigned.isError ? (
        <Alert tone="danger">
          <p className="teacher-alert-text">
            {t('learning-standards.assign-failed')} {errorMessage(assigned.error, t)}
          </p>
          <button type="button" className="button button-secondary" onClick={() => void assigned.refetch()}>
            {t('learning-standards.retry')}
          </button>
        </Alert>
      ) : !assigned.data ? (
        <Spinner label={t('learning-standards.assign-loading')} />
      ) : (
        <>
          {assigned.data.learningStandards.length + assigned.data.skills.length === 0 ? (
            <p className="modules-hint">{t('learning-standards.assigned-none')}</p>
          ) : (
            <ul className="modules-problem-list" aria-label={t('learning-standards.assigned-list')}>
              {[
                ...assigned.data.learningStandards.map((s) => ({ kind: 'standard' as const, item: s })),
                ...assigned.data.skills.map((s) => ({ kind: 'skill' as const, item: s })),
              ].map(({ kind, item }) => {
                const name = standardName(item, language);
                const current = idsOf(assigned.data);
                return (
                  <li key={`${kind}-${item.id}`} className="modules-problem">
                    <div className="modules-problem-text">
                      <span className="modules-problem-meta">
                        {t(
                          kind === 'skill'
                            ? 'learning-standards.assigned-skill'
                            : 'learning-standards.assigned-standard',
                        )}
                      </span>
                      <span className="modules-problem-title">{name}</span>
                    </div>
                    <div className="modules-problem-actions">
                      <button
                        type="button"
                        className="button button-secondary modules-small"
                        disabled={save.isPending}
                        onClick={() =>
                          change(
                            kind === 'skill'
                              ? { ...current, skillIds: current.skillIds.filter((id) => id !== item.id) }
                              : {
                                  ...current,
                                  learningStandardIds: current.learningStandardIds.filter(
                                    (id) => id !== item.id,
                                  ),
                                },
                          )
                        }
                      >
                        {t('learning-standards.remove')}
                        <HiddenName name={name} />
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {chosenStandard ? (
            <button
              type="button"
              className="button button-primary"
              disabled={save.isPending}
              onClick={assign}
            >
              {t(chosenSkill ? 'learning-standards.assign-skill' : 'learning-standards.assign-standard')}
              <HiddenName name={standardName(chosenSkill ?? chosenStandard, language)} />
            </button>
          ) : (
            <p className="modules-hint">{t('learning-standards.assign-choose')}</p>
          )}
          {save.isError && (
            <Alert tone="danger">
              <p className="teacher-alert-text">
                {t('learning-standards.assign-save-failed')} {errorMessage(save.error, t)}
              </p>
            </Alert>
          )}
        </>
      )}
      <p role="status" className="modules-hint">
        {status}
      </p>
    </section>
  );
}
