import { MODULE_BUILDERS, PROBLEM_SKILLS_MAX, type ProblemSkill } from '@kib/core';
import { useId, useRef } from 'react';
import { useUser } from '../../auth/auth';
import { useLanguage, useT } from '../../i18n/language';
import { standardName, useGradeContent } from '../teacher/modules/competences-data';
import { CascadeFailure, CompetencesCascade } from '../teacher/modules/competences-search';
import { useSkillCascade } from '../teacher/modules/competences.store';
import { HiddenName } from '../teacher/modules/modules-ui';
import { useCreatorDraft, useCreatorDraftStore } from './creator-draft.store';
import { fieldIssue, problemFieldId, type DraftIssue } from './draft-check';
import { useIssueText } from './tool-ui';

const removeId = (skillId: number) => `problem-skill-${skillId}-remove`;
const NO_SKILLS: readonly number[] = [];

/**
 * The creation tool's section of the problem's learning-standard skills (docs/learning-standards.md):
 * the module builder's cascade (education system → grade → standard → skill) and 'Add skill', which
 * puts the chosen skill in the list of the problem's skills, each with its Remove button. The skills
 * live in the draft and are saved with it. Shown to those who may read the standards (creators,
 * supervisors and teachers).
 */
export function ProblemSkills({
  issues,
  announce,
}: {
  issues: readonly DraftIssue[];
  announce: (text: string) => void;
}) {
  const user = useUser();
  const readsStandards = user?.groups.some((g) => (MODULE_BUILDERS.roles as readonly string[]).includes(g));
  if (!readsStandards) return null;
  return <ProblemSkillsSection issues={issues} announce={announce} />;
}

function ProblemSkillsSection({
  issues,
  announce,
}: {
  issues: readonly DraftIssue[];
  announce: (text: string) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  const store = useCreatorDraftStore();
  const skillIds = useCreatorDraft((s) => s.draft.skillIds ?? NO_SKILLS);
  const known = useCreatorDraft((s) => s.skills);
  const cascade = useSkillCascade();
  const content = useGradeContent(cascade.gradeId);
  const addRef = useRef<HTMLButtonElement>(null);
  const issueText = useIssueText();
  const error = issueText(fieldIssue(issues, null, 'skillIds'));
  const fieldId = problemFieldId('skillIds');

  const nameOf = (skill: ProblemSkill | undefined, id: number) =>
    skill ? standardName(skill, language) : t('learning-standards.skill-unnamed', { id });

  const add = () => {
    const skill = content.data?.skills.find(
      (s) => s.id === cascade.skillId && s.learningStandardId === cascade.standardId,
    );
    if (!skill || cascade.gradeId === null || cascade.systemId === null) {
      announce(t('learning-standards.choose-skill-first'));
      return;
    }
    const name = standardName(skill, language);
    const outcome = store.getState().addSkill({
      ...skill,
      gradeId: cascade.gradeId,
      educationSystemId: cascade.systemId,
    });
    announce(
      outcome === 'added'
        ? t('learning-standards.skill-added', { name })
        : outcome === 'already'
          ? t('learning-standards.skill-already', { name })
          : t('learning-standards.skills-full', { max: PROBLEM_SKILLS_MAX }),
    );
  };

  const remove = (id: number) => {
    const at = skillIds.indexOf(id);
    const next = skillIds[at + 1] ?? skillIds[at - 1];
    store.getState().removeSkill(id);
    announce(t('learning-standards.skill-removed', { name: nameOf(known[id], id) }));
    // The focus goes to the next chip's button (or the one before), or back to 'Add skill'.
    requestAnimationFrame(() => {
      const target = next === undefined ? null : document.getElementById(removeId(next));
      (target ?? addRef.current)?.focus();
    });
  };

  return (
    <section className="card modules-section creator-skills" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('learning-standards.problem-skills-title')}</h2>
      <p className="modules-hint">{t('learning-standards.problem-skills-lead')}</p>
      <CompetencesCascade
        cascade={cascade}
        skillPlaceholder={t('learning-standards.problem-skill-placeholder')}
      />
      <CascadeFailure cascade={cascade} />
      <div className="creator-skills-add">
        <button
          ref={addRef}
          id={fieldId}
          type="button"
          className="button button-secondary"
          aria-describedby={error ? `${fieldId}-error` : undefined}
          onClick={add}
        >
          {t('learning-standards.add-skill')}
        </button>
        <span className="modules-hint">
          {t('learning-standards.problem-skills-count', {
            count: skillIds.length,
            max: PROBLEM_SKILLS_MAX,
          })}
        </span>
      </div>
      {error && (
        <div id={`${fieldId}-error`} className="field-error">
          {error}
        </div>
      )}
      {skillIds.length === 0 ? (
        <p className="modules-hint">{t('learning-standards.problem-skills-none')}</p>
      ) : (
        <ul className="creator-skill-chips" aria-label={t('learning-standards.problem-skill-list')}>
          {skillIds.map((id) => {
            const name = nameOf(known[id], id);
            return (
              <li key={id} className="creator-skill-chip">
                <span className="creator-skill-chip-name">{name}</span>
                <button
                  id={removeId(id)}
                  type="button"
                  className="creator-skill-chip-remove"
                  onClick={() => remove(id)}
                >
                  <span aria-hidden="true">×</span>
                  <span className="visually-hidden">{t('learning-standards.remove-skill')}</span>
                  <HiddenName name={name} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
